"use client";

import { useId } from "react";
import { mutate } from "swr";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { useApiAction } from "../ui/use-api-action";
import { WISHLIST_KEY, type WishlistEntry } from "../cart/use-shop-lists";

/**
 * A wishlist line's alerts, as two labelled checkboxes under its card: "Price drop" (an email when
 * the selling price falls below today's) and "Back in stock" (an email when it can be bought
 * again). At most one email a day lists every change (lib/server/shop-lists/alerts.ts).
 */
export function AlertToggles({ line }: { line: WishlistEntry }) {
  const id = useId();
  const { pending, run } = useApiAction({ signInOnAuthError: true });
  const product = line.productId;
  if (!product) return null;

  const set = (kind: "price" | "stock", on: boolean) =>
    run(async () => {
      const answer = await postJson("/api/wishlist-alert", { productId: product._id, [kind]: on });
      toast.success(answer.message);
      await mutate(WISHLIST_KEY);
    });

  const box = (kind: "price" | "stock", label: string, checked: boolean) => (
    <label htmlFor={`${id}-${kind}`} className="flex min-h-6 cursor-pointer items-center gap-2 text-sm">
      <input
        id={`${id}-${kind}`}
        type="checkbox"
        checked={checked}
        disabled={pending}
        onChange={(event) => set(kind, event.currentTarget.checked)}
        className="h-4 w-4 accent-brand-600"
        data-testid={`alert-${kind}`}
      />
      {label}
    </label>
  );

  return (
    <fieldset className="mt-2 rounded-lg border border-slate-200 bg-white px-3 py-2" aria-busy={pending || undefined}>
      <legend className="px-1 text-xs font-medium text-slate-600">
        Email me<span className="sr-only"> about {product.productName}</span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {box("price", "Price drop", Boolean(line.priceAlert))}
        {box("stock", "Back in stock", Boolean(line.stockAlert))}
      </div>
    </fieldset>
  );
}
