"use client";

import { useEffect, useState } from "react";
import { RETURN_WINDOW_DAYS } from "@/lib/constants";
import { formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { refundableLeftPaise } from "@/lib/orders/order-refunds";
import type { PublicOrder } from "@/lib/server/orders/types";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { PRIMARY_ACTION, SECONDARY_ACTION } from "./order-action-styles";
import { hasPackingSlip } from "./packing-slip";
import { RefundOrderDialog } from "./refund-order-dialog";
import { ShipOrderDialog } from "./ship-order-dialog";
import { ConfirmCodDialog, ReceiveParcelDialog, RecordCashDialog, ReturnedToOriginDialog } from "./cod-actions";
import { useOrderAction } from "./use-order-action";

type Open = "ship" | "deliver" | "cancel" | "refund" | "confirm" | "cash" | "rto" | "received" | null;

/**
 * The actions the order's state allows, each behind a dialog that says what it will do: mark
 * shipped (paid), mark delivered (shipped), cancel and refund (paid), refund (whenever something
 * is left to give back), and print the packing slip. After a success the dialog closes, the page
 * reads the order again and the focus goes to the order's heading (the button pressed may be gone).
 */
export function OrderActions({ order, windowClosed, headingId }: { order: PublicOrder; windowClosed: boolean; headingId: string }) {
  const [open, setOpen] = useState<Open>(null);
  const [done, setDone] = useState(0);
  const number = orderNumber(order._id);
  const left = refundableLeftPaise(order);
  const close = () => setOpen(null);
  const finish = () => {
    setOpen(null);
    setDone((count) => count + 1);
  };
  useEffect(() => {
    if (done > 0) document.getElementById(headingId)?.focus();
  }, [done, headingId]);

  const cod = order.payment_method === "cod";
  const unconfirmed = cod && order.status === "PLACED" && !order.cod?.confirmed_at;

  return (
    <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3" role="group" aria-label="Order actions">
      {unconfirmed && (
        <button type="button" onClick={() => setOpen("confirm")} className={PRIMARY_ACTION}>
          Confirm order
        </button>
      )}
      {(order.status === "PAID" || order.status === "PLACED") && (
        // An unconfirmed cash-on-delivery order asks for its confirmation first.
        <button type="button" onClick={() => setOpen(unconfirmed ? "confirm" : "ship")} className={unconfirmed ? SECONDARY_ACTION : PRIMARY_ACTION}>
          Mark shipped
        </button>
      )}
      {cod && order.status === "SHIPPED" && (
        <button type="button" onClick={() => setOpen("rto")} className={SECONDARY_ACTION}>
          Returned undelivered
        </button>
      )}
      {cod && order.delivered_at && (order.status === "DELIVERED" || order.status === "REFUNDED") && !order.cod?.cash_received_at && (
        <button type="button" onClick={() => setOpen("cash")} className={PRIMARY_ACTION}>
          Record cash received
        </button>
      )}
      {cod && order.status === "RETURNED_TO_ORIGIN" && !order.cod?.rto_received_at && (
        <button type="button" onClick={() => setOpen("received")} className={PRIMARY_ACTION}>
          Parcel received back
        </button>
      )}
      {order.status === "SHIPPED" && (
        <button type="button" onClick={() => setOpen("deliver")} className={PRIMARY_ACTION}>
          Mark delivered
        </button>
      )}
      {/* Cash is refunded once the courier collected it (delivered), by bank transfer or UPI. */}
      {left > 0 && (!cod || order.delivered_at) && (
        <button type="button" onClick={() => setOpen("refund")} className={SECONDARY_ACTION}>
          Refund
        </button>
      )}
      {(order.status === "PAID" || order.status === "PLACED") && (
        <button type="button" onClick={() => setOpen("cancel")} className={SECONDARY_ACTION}>
          {cod ? "Cancel order" : "Cancel and refund"}
        </button>
      )}
      {hasPackingSlip(order) && (
        <button type="button" onClick={() => window.print()} className={SECONDARY_ACTION}>
          Print packing slip
        </button>
      )}
      {open === "ship" && <ShipOrderDialog orderId={order._id} number={number} onDone={finish} onClose={close} />}
      {open === "deliver" && <DeliverDialog orderId={order._id} number={number} onDone={finish} onClose={close} />}
      {open === "cancel" && <CancelDialog orderId={order._id} number={number} amount={cod ? 0 : left} cod={cod} onDone={finish} onClose={close} />}
      {open === "confirm" && <ConfirmCodDialog order={order} number={number} onDone={finish} onClose={close} />}
      {open === "cash" && <RecordCashDialog order={order} number={number} onDone={finish} onClose={close} />}
      {open === "rto" && <ReturnedToOriginDialog order={order} number={number} onDone={finish} onClose={close} />}
      {open === "received" && <ReceiveParcelDialog order={order} number={number} onDone={finish} onClose={close} />}
      {open === "refund" && <RefundOrderDialog order={order} number={number} windowClosed={windowClosed} onDone={finish} onClose={close} />}
    </div>
  );
}

type StepProps = { orderId: string; number: string; onDone: () => void; onClose: () => void };

function DeliverDialog({ orderId, number, onDone, onClose }: StepProps) {
  const { pending, error, send } = useOrderAction();
  return (
    <ConfirmDialog
      title={`Mark order ${number} delivered?`}
      confirmLabel="Mark delivered"
      tone="primary"
      pending={pending}
      error={error}
      onConfirm={async () => {
        if (await send("/api/deliver-order", { orderId }, () => `Order ${number} marked delivered`)) onDone();
      }}
      onClose={onClose}
    >
      The customer is emailed, and their {RETURN_WINDOW_DAYS}-day returns window starts now.
    </ConfirmDialog>
  );
}

function CancelDialog({ orderId, number, amount, cod, onDone, onClose }: StepProps & { amount: number; cod: boolean }) {
  const { pending, error, send } = useOrderAction();
  return (
    <ConfirmDialog
      title={`Cancel order ${number}?`}
      confirmLabel={cod ? "Cancel order" : "Cancel and refund"}
      cancelLabel="Keep order"
      pending={pending}
      error={error}
      onConfirm={async () => {
        const said = ({ message, data }: { message: string; data: { refund: { status: string } | null } }) =>
          data.refund && data.refund.status !== "SUCCEEDED" ? message : `Order ${number} cancelled`;
        if (await send("/api/cancel-order", cod ? { orderId } : { orderId, expectedAmount: amount / 100 }, said)) onDone();
      }}
      onClose={onClose}
    >
      {cod ? "Cash on delivery: nothing was paid, so nothing is refunded." : amount > 0 ? `${formatRupees(amount)} goes back to the customer, shipping included.` : "Nothing is left to refund on it."}{" "}
      Its units go back to stock, and the customer is emailed.
    </ConfirmDialog>
  );
}
