// The order page's buttons and dialogs, one look for the actions and their dialogs.
export const PRIMARY_ACTION =
  "rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
export const SECONDARY_ACTION = "rounded-full bg-white px-4 py-2 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60";
export const DIALOG_CLASS = "m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100%-1rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl backdrop:bg-slate-900/50 sm:p-6";
export const DIALOG_BUTTONS = "flex flex-wrap justify-end gap-2 pt-2";
/** A settings form's controls, in a fieldset disabled until the page has hydrated (no border, the form's spacing). */
export const UNTIL_HYDRATED = "m-0 min-w-0 space-y-6 border-0 p-0";
