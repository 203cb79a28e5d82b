"use client";

import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError, postJson } from "@/lib/api-client";
import { formatRupeeAmount } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import type { PublicOrder } from "@/lib/server/orders/types";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";
import { refundableLeftPaise } from "@/lib/orders/order-refunds";
import { orderHeadingId } from "./order-card";

type Cancelled = { _id: string; status: string; refund: { _id: string; amount: number; status: string } | null };

/**
 * My Orders' "Cancel order" on a paid order that has not shipped: a confirmation that says what
 * comes back (everything left, shipping included), then POST /api/cancel-order. `onChanged`
 * reloads the list. When the order moved on meanwhile (shipped: a 409) the server's message is
 * shown and the list reloaded; the focus then goes to the order's heading, as the button is gone.
 */
export function CancelOrder({ order, onChanged }: { order: PublicOrder; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState("");
  const action = useApiAction();
  const number = orderNumber(order._id);
  // Rupees: what was paid less every refund not failed (a pending one included), as the server counts.
  const amount = order.payment_method === "cod" ? 0 : refundableLeftPaise(order) / 100;
  const types = order.paymentDetails.payment_method_type;
  const refundTo = types.length === 0 || types.includes("card") ? "your card" : "the account you paid with";

  const focusOrder = () => document.getElementById(orderHeadingId(order._id))?.focus();

  function confirm() {
    setError("");
    void action.run(async () => {
      try {
        // The amount the dialog states: the server refuses (409) a refund that has come to another.
        const answer = await postJson<Cancelled>("/api/cancel-order", { orderId: order._id, ...(order.payment_method === "cod" ? {} : { expectedAmount: amount }) });
        const refund = answer.data.refund;
        // A refund the payment service did not take (yet): the server's message says where the money is.
        if (refund && refund.status !== "SUCCEEDED") toast.success(answer.message);
        else toast.success(refund && refund.amount > 0 ? `Order cancelled. ${formatRupeeAmount(refund.amount)} is on its way back to you.` : "Order cancelled.");
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          // It shipped (or was cancelled) meanwhile: the toast says so; the card shows where it is.
          setOpen(false);
          await onChanged();
          focusOrder();
        } else {
          setError(apiErrorMessage(error));
          await onChanged();
        }
        throw error;
      }
      setOpen(false);
      await onChanged();
      focusOrder();
    });
  }

  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-600">{order.payment_method === "cod" ? "Not shipped yet: you can still cancel it. Nothing was paid." : "Not shipped yet: you can still cancel it for a full refund."}</p>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-full px-4 py-2 text-sm font-medium text-red-700 ring-1 ring-red-300 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Cancel order<span className="sr-only"> {number}</span>
      </button>
      {open && (
        <ConfirmDialog
          title={`Cancel order ${number}?`}
          confirmLabel={action.pending ? "Cancelling…" : "Cancel order"}
          cancelLabel="Keep order"
          pending={action.pending}
          error={error}
          onConfirm={confirm}
          onClose={() => {
            setOpen(false);
            setError("");
          }}
        >
          <p data-testid="cancel-refund">
            {order.payment_method === "cod"
              ? "You pay nothing: the order was to be paid on delivery."
              : amount > 0
                ? `${formatRupeeAmount(amount)} will be refunded to ${refundTo}, shipping included.`
                : "Nothing is left to refund: the order is only cancelled."}
          </p>
          {amount > 0 && <p className="mt-2">Banks take 5–7 business days to show it.</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
