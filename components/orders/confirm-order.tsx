"use client";

import { useEffect, useRef } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { orderNumber } from "@/lib/orders/order-number";
import type { PublicOrder } from "@/lib/server/orders/types";
import { useApiAction } from "../ui/use-api-action";

/**
 * My Orders' "Confirm my order" on a cash-on-delivery order not yet confirmed: the store sends
 * it once confirmed. The confirmation mail's link (My Orders with ?confirm=<id>) brings the
 * shopper here with the focus on this button.
 */
export function ConfirmOrder({ order, onChanged }: { order: PublicOrder; onChanged: () => Promise<unknown> }) {
  const action = useApiAction();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get("confirm") === order._id) button.current?.focus();
  }, [order._id]);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-3" data-testid="confirm-order">
      <p className="text-sm text-amber-900">Please confirm this cash-on-delivery order: we send it once it is confirmed.</p>
      <button
        ref={button}
        type="button"
        disabled={action.pending}
        onClick={() =>
          action.run(async () => {
            const answer = await postJson("/api/confirm-order", { orderId: order._id });
            toast.success(answer.message);
            await onChanged();
          })
        }
        className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {action.pending ? "Confirming…" : "Confirm my order"}
        <span className="sr-only"> {orderNumber(order._id)}</span>
      </button>
    </div>
  );
}
