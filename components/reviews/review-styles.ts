// The reviews' buttons: the store's pill buttons, a quiet outlined one and the brand one.
export const QUIET_BUTTON_CLASS =
  "rounded-full border border-slate-300 bg-white px-4 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
export const BRAND_BUTTON_CLASS = "rounded-full bg-brand-600 px-5 py-2 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
