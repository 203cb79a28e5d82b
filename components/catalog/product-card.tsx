import { useId } from "react";
import { IntentLink } from "@/components/layout/intent-link";
import { productAvailability } from "@/lib/catalog/availability";
import { categoryLabel } from "@/lib/catalog/categories";
import { formatRupeeAmount } from "@/lib/shared/money";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { AddToCartButton } from "../cart/add-to-cart-button";
import { CompareToggle } from "../compare/compare-toggle";
import { ProductImage } from "./product-image";
import { StarRating } from "./star-rating";
import { StockStatus } from "./stock-status";
import { WishlistHeart } from "../wishlist/wishlist-heart";

type Props = {
  product: PublicProduct;
  /** Fixed-width cards for the scrolling rows; fluid ones for grids. */
  variant?: "row" | "grid";
  /** The first cards above the fold load eagerly. */
  priority?: boolean;
};

/**
 * docs/PRODUCT.md §2.3: first image, name, category, selling price, struck list price, heart, 'Add to cart'
 * (and, issue 39, a Compare toggle on the image's bottom edge; issue 40, the rating).
 * Over the image, the product's availability when it is not simply in stock ("Out of stock",
 * "Only N left", "No longer available"); a product that cannot be bought has its button disabled,
 * described by that text.
 */
export function ProductCard({ product, variant = "grid", priority = false }: Props) {
  const image = product.productImage[0];
  const availability = productAvailability(product);
  const statusId = useId();
  return (
    <article className={variant === "row" ? "card card-row" : "card w-full"}>
      <IntentLink href={`/product/${product._id}`} className="card-link">
        <div className="card-media">
          <StockStatus availability={availability} id={statusId} className="card-stock" />
          {image ? <ProductImage src={image} alt={product.productName} size={200} eager={priority} className="card-img" /> : <span className="text-sm text-slate-500">No image</span>}
        </div>
        <div className="card-body">
          {/* Rows sit under an h2 of their own; grids straight under the page's h1. */}
          {variant === "row" ? <h3 className="card-title">{product.productName}</h3> : <h2 className="card-title">{product.productName}</h2>}
          <p className="text-xs text-slate-600">{categoryLabel(product.category)}</p>
          {/* Issue 40: the average and count, once the product has reviews. */}
          {product.rating?.count > 0 && <StarRating average={product.rating.average} count={product.rating.count} size="sm" />}
          <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
            {/* Visually hidden words, not aria-label: ARIA forbids a label on an element without a role (issue 35). */}
            <span className="font-semibold text-brand-700" data-testid="card-price">
              <span className="sr-only">Price </span>
              {formatRupeeAmount(product.sellingPrice)}
            </span>
            <ListPrice product={product} className="text-sm text-slate-600" />
          </p>
        </div>
      </IntentLink>
      <WishlistHeart productId={product._id} productName={product.productName} className="card-heart" />
      <CompareToggle productId={product._id} productName={product.productName} category={product.category} look="card" />
      <AddToCartButton
        productId={product._id}
        productName={product.productName}
        label="Add to cart"
        look="card"
        unavailable={!availability.buyable}
        describedBy={availability.buyable ? undefined : statusId}
      />
    </article>
  );
}

export function ProductCardSkeleton({ variant = "grid" }: { variant?: "row" | "grid" }) {
  return <div aria-hidden="true" data-testid="product-card-skeleton" className={`card-skeleton ${variant === "row" ? "card-row" : "w-full"}`} />;
}

/** The list price struck through, when the product sells below it ("List price" said to screen readers). */
export function ListPrice({ product, className }: { product: Pick<PublicProduct, "price" | "sellingPrice">; className: string }) {
  if (product.price <= product.sellingPrice) return null;
  return (
    <s className={className}>
      <span className="sr-only">List price </span>
      {formatRupeeAmount(product.price)}
    </s>
  );
}
