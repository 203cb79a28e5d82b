"use client";

import { createContext, useContext } from "react";
import { IntentLink } from "@/components/layout/intent-link";

// A retired (archived) product's page answers 404. Its layout knows the product's category and
// passes it down here, so the segment's not-found page can offer the way back to it.

type Retired = { name: string; categoryHref: string; categoryLabel: string };

const RetiredProductContext = createContext<Retired | null>(null);

export function RetiredProductProvider({ value, children }: { value: Retired | null; children: React.ReactNode }) {
  return <RetiredProductContext.Provider value={value}>{children}</RetiredProductContext.Provider>;
}

/** The product page's 404: for a retired product, says so and links to its category. */
export function ProductNotFound() {
  const retired = useContext(RetiredProductContext);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center" aria-labelledby="product-missing-heading">
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 id="product-missing-heading" className="text-2xl font-semibold">
        {retired ? "This product is no longer sold" : "Page not found"}
      </h1>
      <p className="text-slate-600">
        {retired ? `${retired.name} has been retired from the shop. Have a look at what else we have in ${retired.categoryLabel}.` : "The page you are looking for does not exist or has moved."}
      </p>
      {retired ? (
        <IntentLink href={retired.categoryHref} className="rounded-full bg-brand-600 px-5 py-2 text-white hover:bg-brand-700">
          Browse {retired.categoryLabel}
        </IntentLink>
      ) : (
        <IntentLink href="/" className="rounded-full bg-brand-600 px-5 py-2 text-white hover:bg-brand-700">
          Back to the shop
        </IntentLink>
      )}
    </section>
  );
}
