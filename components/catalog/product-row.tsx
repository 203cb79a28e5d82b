import type { Ref } from "react";
import { SKELETON_CARD_COUNT } from "@/lib/constants";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { ProductCard, ProductCardSkeleton } from "./product-card";
import { ScrollRow } from "../ui/scroll-row";

type FrameProps = { id: string; heading: string; busy?: boolean; ref?: Ref<HTMLElement>; children: React.ReactNode };

/** A home or related-products row: its heading, and the cards, skeletons or message under it. */
export function ProductRowFrame({ id, heading, busy = false, ref, children }: FrameProps) {
  return (
    <section ref={ref} aria-labelledby={id} aria-busy={busy || undefined} className="defer-render space-y-3" data-testid="product-row">
      <h2 id={id} className="text-xl font-semibold sm:text-2xl">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** The horizontally scrolling cards of a row, or a note when the category is empty. */
export function ProductRowCards({ heading, products }: { heading: string; products: PublicProduct[] }) {
  if (products.length === 0) return <p className="text-sm text-slate-600">No products here yet.</p>;
  return (
    <ScrollRow label={heading}>
      {products.map((product) => (
        <ProductCard key={product._id} product={product} variant="row" />
      ))}
    </ScrollRow>
  );
}

/** docs/PRODUCT.md §9: 13 skeleton cards while a row loads. */
export function ProductRowSkeletonCards() {
  return (
    <div className="no-scrollbar flex gap-4 overflow-hidden pb-2">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        <ProductCardSkeleton key={index} variant="row" />
      ))}
    </div>
  );
}

export function ProductRow({ id, heading, products }: { id: string; heading: string; products: PublicProduct[] }) {
  return (
    <ProductRowFrame id={id} heading={heading}>
      <ProductRowCards heading={heading} products={products} />
    </ProductRowFrame>
  );
}
