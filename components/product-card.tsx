import Image from "next/image";
import Link from "next/link";
import { categoryLabel } from "@/lib/categories";
import { formatRupeeAmount } from "@/lib/money";
import type { PublicProduct } from "@/lib/server/catalog";
import { AddToCartButton } from "./add-to-cart-button";
import { WishlistHeart } from "./wishlist-heart";

type Props = {
  product: PublicProduct;
  /** Fixed-width cards for the scrolling rows; fluid ones for grids. */
  variant?: "row" | "grid";
  /** The first cards above the fold load eagerly. */
  priority?: boolean;
};

/** SPEC 2: first image, name, category, selling price, struck list price, heart, 'Add to cart'. */
export function ProductCard({ product, variant = "grid", priority = false }: Props) {
  const image = product.productImage[0];
  return (
    <article
      className={`group relative flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md ${
        variant === "row" ? "w-[220px] shrink-0 snap-start sm:w-[240px]" : "w-full"
      }`}
    >
      <Link href={`/product/${product._id}`} className="flex flex-1 flex-col rounded-xl focus-visible:outline-offset-[-2px]">
        <div className="relative grid aspect-square place-items-center bg-slate-100 p-4">
          {image ? (
            <Image
              src={image}
              alt={product.productName}
              width={200}
              height={200}
              sizes="200px"
              priority={priority}
              className="h-full w-full object-contain mix-blend-multiply transition group-hover:scale-105"
            />
          ) : (
            <span className="text-sm text-slate-500">No image</span>
          )}
        </div>
        <div className="flex flex-1 flex-col gap-1 p-3 pb-2">
          <h3 className="line-clamp-2 min-h-10 text-sm font-medium text-slate-900">{product.productName}</h3>
          <p className="text-xs text-slate-600">{categoryLabel(product.category)}</p>
          <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
            <span className="font-semibold text-brand-700">
              <span className="sr-only">Price </span>
              {formatRupeeAmount(product.sellingPrice)}
            </span>
            {product.price > product.sellingPrice && (
              <s className="text-sm text-slate-600">
                <span className="sr-only">List price </span>
                {formatRupeeAmount(product.price)}
              </s>
            )}
          </p>
        </div>
      </Link>
      <WishlistHeart productId={product._id} productName={product.productName} className="absolute right-2 top-2" />
      <div className="px-3 pb-3">
        <AddToCartButton
          productId={product._id}
          productName={product.productName}
          label="Add to cart"
          className="w-full rounded-full bg-brand-600 px-3 py-1.5 text-sm font-medium text-white transition hover:bg-brand-700 disabled:opacity-60"
        />
      </div>
    </article>
  );
}

export function ProductCardSkeleton({ variant = "grid" }: { variant?: "row" | "grid" }) {
  return (
    <div
      aria-hidden="true"
      data-testid="product-card-skeleton"
      className={`animate-pulse overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 ${variant === "row" ? "w-[220px] shrink-0 sm:w-[240px]" : "w-full"}`}
    >
      <div className="aspect-square bg-slate-200" />
      <div className="space-y-2 p-3">
        <div className="h-4 rounded bg-slate-200" />
        <div className="h-3 w-1/2 rounded bg-slate-200" />
        <div className="h-4 w-2/3 rounded bg-slate-200" />
        <div className="h-8 rounded-full bg-slate-200" />
      </div>
    </div>
  );
}
