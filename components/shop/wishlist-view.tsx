"use client";

import Link from "next/link";
import { ProductCard, ProductCardSkeleton } from "../product-card";
import { useShopLists } from "../use-shop-lists";

/** SPEC 2: 'Total Wishlist Product : N', the products as cards (newest first), an empty state. */
export function WishlistView() {
  const { wishlist, wishlistCount, loading } = useShopLists();
  const lines = wishlist.filter((line) => line.productId !== null);
  return (
    <section aria-labelledby="wishlist-heading" className="space-y-4">
      <h1 id="wishlist-heading" className="text-2xl font-semibold">
        Wishlist
      </h1>
      <p className="font-medium" data-testid="wishlist-total">
        Total Wishlist Product : {loading ? "…" : (wishlistCount ?? lines.length)}
      </p>
      {loading ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" aria-busy="true" aria-label="Loading your wishlist">
          {[0, 1, 2, 3].map((index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : lines.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="text-lg font-medium">Your wishlist is empty.</p>
          <p className="mt-1 text-sm text-slate-600">Tap the heart on any product to keep it here.</p>
          <Link href="/" className="mt-4 inline-block rounded-full bg-brand-600 px-5 py-2 text-sm font-medium text-white hover:bg-brand-700">
            Browse products
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
          {lines.map((line) => (
            <ProductCard key={line._id} product={line.productId!} />
          ))}
        </div>
      )}
    </section>
  );
}
