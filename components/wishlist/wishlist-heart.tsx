"use client";

import { toast } from "@/components/ui/toast";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { useApiAction } from "../ui/use-api-action";
import { useShopLists, WISHLIST_COUNT_KEY, WISHLIST_KEY } from "../cart/use-shop-lists";

/**
 * docs/PRODUCT.md §4.3: filled red when the product is in the wishlist; a click adds or removes it, then the
 * count and the list refresh. Signed out (401/403): to /signin with 'Please log in first.'.
 */
export function WishlistHeart({ productId, productName, className = "" }: { productId: string; productName: string; className?: string }) {
  const { wishlist } = useShopLists();
  const { pending, run } = useApiAction({ signInOnAuthError: true });
  const entry = wishlist.find((item) => item.productId?._id === productId);

  const toggle = () =>
    run(async () => {
      const answer = entry
        ? await postJson("/api/delete-wishlist-product", { wishlistId: entry._id })
        : await postJson("/api/add-to-wishlist", { productId });
      toast.success(answer.message);
      await Promise.all([mutate(WISHLIST_COUNT_KEY), mutate(WISHLIST_KEY)]);
    });

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={Boolean(entry)}
      aria-busy={pending || undefined}
      aria-label={entry ? `Remove ${productName} from wishlist` : `Add ${productName} to wishlist`}
      className={`heart ${className}`}
    >
      <svg viewBox="0 0 24 24" className={`h-5 w-5 ${entry ? "fill-red-600 stroke-red-600" : "fill-none stroke-slate-700"}`} strokeWidth="2" aria-hidden="true">
        <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.3 5 6.7 5c2 0 3.5 1.1 4.3 2.6h2C13.8 6.1 15.3 5 17.3 5c3.4 0 5.6 3.4 4.2 6.8C19.5 16.4 12 21 12 21z" strokeLinejoin="round" />
      </svg>
    </button>
  );
}
