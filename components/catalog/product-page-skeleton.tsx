"use client";

/**
 * The product page's shape while it loads (docs/PRODUCT.md §9): the gallery with exactly 4
 * thumbnail skeletons beside (below, on a phone) the main image, then the brand, title, price and
 * the two buttons, laid out as app/product/[id]/page.tsx lays out the real ones.
 */
export function ProductPageSkeleton({ focus = false }: { focus?: boolean }) {
  const bar = "animate-pulse rounded bg-slate-200";
  return (
    // Focused when shown in place of the page the clicked link was on (that link is hidden now).
    <div ref={focus ? (element) => element?.focus() : undefined} tabIndex={-1} className="mx-auto max-w-7xl space-y-10 px-4 py-6 outline-none" role="status" data-testid="product-skeleton">
      <span className="sr-only">Loading product…</span>
      <div aria-hidden="true" className={`h-5 w-64 max-w-full ${bar}`} />
      <div aria-hidden="true" className="grid gap-8 lg:grid-cols-2">
        <div className="flex flex-col-reverse gap-3 lg:flex-row">
          <ul className="flex gap-2 lg:flex-col">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} data-testid="product-thumb-skeleton" className={`h-20 w-20 rounded-lg ${bar}`} />
            ))}
          </ul>
          <div className={`aspect-square w-full max-w-[28rem] rounded-xl ${bar}`} />
        </div>
        <div className="space-y-4">
          <div className={`h-7 w-24 rounded-full ${bar}`} />
          <div className={`h-8 w-4/5 ${bar}`} />
          <div className={`h-5 w-32 ${bar}`} />
          <div className={`h-9 w-48 ${bar}`} />
          <div className="flex flex-wrap gap-3">
            <div className={`h-11 w-32 rounded-full ${bar}`} />
            <div className={`h-11 w-36 rounded-full ${bar}`} />
          </div>
          <div className="space-y-2 pt-2">
            <div className={`h-5 w-28 ${bar}`} />
            <div className={`h-4 w-full ${bar}`} />
            <div className={`h-4 w-11/12 ${bar}`} />
            <div className={`h-4 w-3/4 ${bar}`} />
          </div>
        </div>
      </div>
    </div>
  );
}
