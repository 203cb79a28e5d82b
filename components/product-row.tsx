import { SKELETON_CARD_COUNT } from "@/lib/constants";
import type { PublicProduct } from "@/lib/server/catalog";
import { ProductCard, ProductCardSkeleton } from "./product-card";
import { ScrollRow } from "./scroll-row";

/** A heading and a horizontally scrolling row of product cards. */
export function ProductRow({ id, heading, products }: { id: string; heading: string; products: PublicProduct[] }) {
  return (
    <section aria-labelledby={id} className="defer-render space-y-3" data-testid="product-row">
      <h2 id={id} className="text-xl font-semibold sm:text-2xl">
        {heading}
      </h2>
      {products.length === 0 ? (
        <p className="text-sm text-slate-600">No products here yet.</p>
      ) : (
        <ScrollRow label={heading}>
          {products.map((product) => (
            <ProductCard key={product._id} product={product} variant="row" />
          ))}
        </ScrollRow>
      )}
    </section>
  );
}

/** SPEC 9: 13 skeleton cards while a row loads. */
export function ProductRowSkeleton({ heading }: { heading?: string }) {
  return (
    <div className="space-y-3" aria-busy="true">
      {heading ? <h2 className="text-xl font-semibold sm:text-2xl">{heading}</h2> : <div className="h-7 w-56 animate-pulse rounded bg-slate-200" />}
      <div className="no-scrollbar flex gap-4 overflow-hidden pb-2">
        {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
          <ProductCardSkeleton key={index} variant="row" />
        ))}
      </div>
    </div>
  );
}
