"use client";

import { useId } from "react";
import { mutate } from "swr";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { useApiAction } from "../ui/use-api-action";
import { useShopLists, WISHLIST_COUNT_KEY, WISHLIST_KEY } from "../cart/use-shop-lists";

/**
 * "Notify me" on an out-of-stock product's page: adds it to the wishlist with the back-in-stock
 * alert on (POST /api/wishlist-alert), or turns the alert off again (a toggle: aria-pressed says
 * which). Signed out (401/403): to /signin with 'Please log in first.', as the heart does.
 */
export function NotifyMe({ productId, productName }: { productId: string; productName: string }) {
  const { wishlist } = useShopLists();
  const { pending, run } = useApiAction({ signInOnAuthError: true });
  const hint = useId();
  const on = Boolean(wishlist.find((item) => item.productId?._id === productId)?.stockAlert);

  const toggle = () =>
    run(async () => {
      const answer = await postJson("/api/wishlist-alert", { productId, stock: !on });
      toast.success(answer.message);
      await Promise.all([mutate(WISHLIST_COUNT_KEY), mutate(WISHLIST_KEY)]);
    });

  return (
    <div className="flex flex-col gap-1">
      <button
        type="button"
        onClick={toggle}
        aria-pressed={on}
        aria-busy={pending || undefined}
        aria-describedby={hint}
        data-testid="notify-me"
        className={`min-w-32 rounded-full border-2 px-6 py-2.5 font-semibold ${on ? "border-emerald-700 bg-emerald-50 text-emerald-800" : "border-brand-600 text-brand-700 hover:bg-brand-50"}`}
      >
        Notify me
      </button>
      <p id={hint} className="text-sm text-slate-600" aria-live="polite">
        {on ? `We will email you when ${productName} is back in stock. Press again to stop.` : "Get an email when it is back in stock."}
      </p>
    </div>
  );
}
