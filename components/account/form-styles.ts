// The account forms' shared look (the sign-in card's): labelled inputs, brand pill buttons.
// The focus ring is the house's global :focus-visible outline.
export const INPUT_CLASS = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 focus:border-brand-600";
export const PRIMARY_BUTTON_CLASS =
  "w-full rounded-full bg-brand-600 py-2.5 font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60";
// Underlined: links inside sentences must not be told apart by colour alone (WCAG 1.4.1).
export const LINK_CLASS = "text-brand-700 underline underline-offset-2 hover:text-brand-600";
