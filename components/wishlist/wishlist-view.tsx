"use client";

import { EmptyState } from "../ui/empty-state";
import { ProductCard, ProductCardSkeleton } from "../catalog/product-card";
import { useShopLists } from "../cart/use-shop-lists";
import { useHydrated } from "../ui/use-hydrated";
import { AlertToggles } from "./alert-toggles";

/**
 * docs/PRODUCT.md §2.9: 'Total Wishlist Product : N', the products as cards (newest first), an empty state;
 * under each card its alerts (price drop, back in stock).
 */
export function WishlistView() {
  const { wishlist, wishlistCount, loading } = useShopLists();
  // Until hydrated the page cannot know the wishlist: its skeleton, never "Your wishlist is empty".
  const hydrated = useHydrated();
  const pending = !hydrated || loading;
  const lines = wishlist.filter((line) => line.productId !== null);
  return (
    <section aria-labelledby="wishlist-heading" className="space-y-4">
      <h1 id="wishlist-heading" className="text-2xl font-semibold">
        Wishlist
      </h1>
      <p className="font-medium" data-testid="wishlist-total">
        Total Wishlist Product : {pending ? "…" : (wishlistCount ?? lines.length)}
      </p>
      {pending ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4" role="status" aria-busy="true" aria-label="Loading your wishlist">
          {[0, 1, 2, 3].map((index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </div>
      ) : lines.length === 0 ? (
        <EmptyState title="Your wishlist is empty." hint="Tap the heart on any product to keep it here." action="Browse products" />
      ) : (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 xl:grid-cols-4">
          {lines.map((line) => (
            <div key={line._id} className="flex flex-col" data-testid="wishlist-line">
              <ProductCard product={line.productId!} />
              <AlertToggles line={line} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
