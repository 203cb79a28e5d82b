"use client";

import { useState } from "react";
import { INPUT_CLASS } from "@/components/account/form-styles";
import { displayPhone } from "@/lib/orders/delivery-text";
import { indiaToday } from "@/lib/shared/dates";
import { formatRupeeAmount } from "@/lib/shared/money";
import type { PublicOrder } from "@/lib/server/orders/types";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ActionFormDialog } from "./action-form-dialog";
import { PRIMARY_ACTION } from "./order-action-styles";
import { useOrderAction } from "./use-order-action";

type StepProps = { order: PublicOrder; number: string; onDone: () => void; onClose: () => void };

/** Confirming a cash-on-delivery order after a call (and before shipping it): the phone to call. */
export function ConfirmCodDialog({ order, number, onDone, onClose }: StepProps) {
  const { pending, error, send } = useOrderAction();
  const phone = order.delivery?.phone ? displayPhone(order.delivery.phone) : null;
  return (
    <ConfirmDialog
      title={`Confirm order ${number}?`}
      confirmLabel="Confirm order"
      tone="primary"
      pending={pending}
      error={error}
      onConfirm={async () => {
        if (await send("/api/confirm-order", { orderId: order._id }, ({ message }) => message)) onDone();
      }}
      onClose={onClose}
    >
      Cash on delivery: the shopper has not confirmed it. {phone ? <>Call {order.delivery?.name} on <strong>{phone}</strong> first; </> : null}confirm it only when they say they want it.
      It can then be shipped.
    </ConfirmDialog>
  );
}

/** The courier brought the parcel back undelivered. */
export function ReturnedToOriginDialog({ order, number, onDone, onClose }: StepProps) {
  const { pending, error, send } = useOrderAction();
  return (
    <ConfirmDialog
      title={`Order ${number} came back undelivered?`}
      confirmLabel="Mark returned undelivered"
      pending={pending}
      error={error}
      onConfirm={async () => {
        if (await send("/api/return-to-origin", { orderId: order._id }, ({ message }) => message)) onDone();
      }}
      onClose={onClose}
    >
      The courier could not deliver it and is bringing it back. Nothing was paid, so nothing is refunded; its units go back to stock when you receive the parcel.
    </ConfirmDialog>
  );
}

/** The returned parcel is in: its units go back to stock. */
export function ReceiveParcelDialog({ order, number, onDone, onClose }: StepProps) {
  const { pending, error, send } = useOrderAction();
  return (
    <ConfirmDialog
      title={`Received order ${number} back?`}
      confirmLabel="Parcel received"
      tone="primary"
      pending={pending}
      error={error}
      onConfirm={async () => {
        if (await send("/api/receive-rto", { orderId: order._id }, ({ message }) => message)) onDone();
      }}
      onClose={onClose}
    >
      Its {order.productDetails.reduce((sum, item) => sum + item.quantity, 0)} units go back to stock.
    </ConfirmDialog>
  );
}

const CASH_FIELDS = ["amount", "receivedOn", "reference"] as const;

/** The cash the courier handed over for a delivered order: amount, day and the courier's reference. */
export function RecordCashDialog({ order, number, onDone, onClose }: StepProps) {
  const { pending, error, fields, send } = useOrderAction(CASH_FIELDS);
  const [amount, setAmount] = useState(String(order.total_amount));
  const [receivedOn, setReceivedOn] = useState(indiaToday());
  const [reference, setReference] = useState("");
  return (
    <ActionFormDialog
      title={`Cash received for order ${number}`}
      submitLabel={pending ? "Recording…" : "Record cash"}
      pending={pending}
      error={error}
      onSubmit={async () => {
        const done = await send("/api/record-cash", { orderId: order._id, amount, receivedOn, reference }, ({ message }) => message);
        if (done) onDone();
        return done;
      }}
      onClose={onClose}
    >
      {(id) => (
        <>
          <p className="text-slate-700">The courier collected {formatRupeeAmount(order.total_amount)} on delivery. Record what it handed over: the order is then paid.</p>
          <DialogField id={`${id}-amount`} label="Amount (₹)" error={fields.amount} inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          <DialogField id={`${id}-receivedOn`} label="Received on" error={fields.receivedOn} type="date" value={receivedOn} max={indiaToday()} onChange={(event) => setReceivedOn(event.target.value)} />
          <DialogField id={`${id}-reference`} label="Courier's reference" error={fields.reference} value={reference} maxLength={100} onChange={(event) => setReference(event.target.value)} />
        </>
      )}
    </ActionFormDialog>
  );
}

/**
 * A cash refund still to pay (PENDING: a cash-on-delivery return received): the admin sends it by
 * bank transfer or UPI to the shopper's account, then records the payment's reference here.
 */
export function RecordManualRefund({ refundId, amount, account }: { refundId: string; amount: number; account: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-300" data-testid="refund-to-pay">
      <p className="[overflow-wrap:anywhere]">
        To pay by bank transfer or UPI{account ? <> to <strong>{account}</strong></> : " (the customer has not said where: ask them)"}.
      </p>
      <button type="button" onClick={() => setOpen(true)} className={PRIMARY_ACTION}>
        Record refund paid
      </button>
      {open && <RecordManualRefundDialog refundId={refundId} amount={amount} account={account} onClose={() => setOpen(false)} />}
    </div>
  );
}

function RecordManualRefundDialog({ refundId, amount, account, onClose }: { refundId: string; amount: number; account: string | null; onClose: () => void }) {
  const { pending, error, fields, send } = useOrderAction(["reference"]);
  const [reference, setReference] = useState("");
  return (
    <ActionFormDialog
      title={`Refund of ${formatRupeeAmount(amount)} paid?`}
      submitLabel={pending ? "Recording…" : "Record refund paid"}
      pending={pending}
      error={error}
      onSubmit={() => send("/api/record-refund", { refundId, reference }, ({ message }) => message)}
      onClose={onClose}
    >
      {(id) => (
        <>
          <p className="text-slate-700">{account ? <>Sent to {account}. </> : null}The refund counts once recorded: the customer is told, and its credit note is issued.</p>
          <DialogField id={`${id}-reference`} label={REFUND_REFERENCE_LABEL} error={fields.reference} value={reference} maxLength={100} autoComplete="off" onChange={(event) => setReference(event.target.value)} />
        </>
      )}
    </ActionFormDialog>
  );
}

export const REFUND_REFERENCE_LABEL = "Payment reference (UTR or UPI transaction ID)";

/** One labelled box of a dialog, with its refusal under it. */
export function DialogField({ id, label, error, ...input }: { id: string; label: string; error: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} className={INPUT_CLASS} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} {...input} />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
