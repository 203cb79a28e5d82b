import { SKELETON_CARD_COUNT } from "@/lib/constants";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { ProductCard, ProductCardSkeleton } from "./product-card";

const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-4";

export function ProductGrid({ products }: { products: PublicProduct[] }) {
  return (
    <ul className={GRID} data-testid="product-grid">
      {products.map((product, index) => (
        <li key={product._id} className="flex">
          <ProductCard product={product} priority={index < 2} />
        </li>
      ))}
    </ul>
  );
}

/** docs/PRODUCT.md §9: 13 skeleton cards while a grid loads. */
export function ProductGridSkeleton() {
  return (
    <div className={GRID} role="status" aria-busy="true" aria-label="Loading products">
      {Array.from({ length: SKELETON_CARD_COUNT }, (_, index) => (
        <ProductCardSkeleton key={index} />
      ))}
    </div>
  );
}
