"use client";

import { addToCompare, removeFromCompare, useCompareList } from "./use-compare-list";

const LOOKS = {
  /** Over the card's image, bottom left (globals.css .card-compare). */
  card: "card-compare",
  page: "inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-5 py-2 font-semibold transition",
};

/**
 * "Compare" on a product card or page: a toggle (aria-pressed) that puts the product on the
 * shopper's compare list or takes it off; a fifth product, or one of another category, is refused
 * with a toast that says why (lib/catalog/compare.ts).
 */
export function CompareToggle({ productId, productName, category, look }: { productId: string; productName: string; category: string; look: keyof typeof LOOKS }) {
  const chosen = useCompareList().some((item) => item.id === productId);
  const toggle = () => {
    if (chosen) removeFromCompare(productId);
    else addToCompare({ id: productId, name: productName, category });
  };
  const colours = chosen ? "border-brand-600 bg-brand-50 text-brand-700" : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50";
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={chosen}
      // One name whatever the state (aria-pressed says it), starting with the visible word.
      aria-label={`Compare ${productName}`}
      className={`${LOOKS[look]} ${look === "page" ? colours : ""}`}
      data-testid="compare-toggle"
    >
      <svg viewBox="0 0 16 16" aria-hidden="true" className={`h-3.5 w-3.5 shrink-0 rounded-sm border ${chosen ? "border-brand-600 bg-brand-600" : "border-slate-500 bg-white"}`}>
        {chosen && <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />}
      </svg>
      Compare
    </button>
  );
}
