"use client";

import { useState } from "react";
import { formatDate, formatDateTime } from "@/lib/shared/dates";
import { formatRupees, rupeesToPaise } from "@/lib/shared/money";
import { refundableUnits, shippingPaise } from "@/lib/orders/order-refunds";
import { indiaToday } from "@/lib/shared/dates";
import { FAULT_REASONS, RETURN_REASON_LABELS, RETURN_STATUS_LABELS, restocksOnReturn, type ReturnReason, type ReturnStatusName } from "@/lib/orders/returns";
import type { PublicOrder, PublicReturn } from "@/lib/server/orders/types";
import { INPUT_CLASS } from "../account/form-styles";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { ActionFormDialog } from "./action-form-dialog";
import { PRIMARY_ACTION, SECONDARY_ACTION } from "./order-action-styles";
import { useOrderAction } from "./use-order-action";

// The admin's part of a return request on the order page (lib/server/orders/returns.ts): what the
// shopper asked back and why (their note and photos), its state, and the answers it allows:
// Approve with a pickup date, Decline with a reason (both mailed to the shopper), and, once
// approved, Mark received, which refunds the units through the refund rules.

type Open = "approve" | "decline" | "receive" | null;

/** What Mark received will refund, in paise: the units at their snapshot prices, with shipping when the whole order comes back for a fault. */
export function returnRefundPaise(order: PublicOrder, request: PublicReturn): { amount: number; shipping: number } {
  const lines = order.productDetails.reduce((sum, line) => sum + rupeesToPaise(line.price) * request.lines.filter((asked) => asked.orderItemId === line._id).reduce((n, asked) => n + asked.quantity, 0), 0);
  const whole = order.productDetails.every((line) => refundableUnits(line) === request.lines.filter((asked) => asked.orderItemId === line._id).reduce((n, asked) => n + asked.quantity, 0));
  const shipping = whole && FAULT_REASONS.includes(request.reason as ReturnReason) ? shippingPaise(order) : 0;
  return { amount: lines + shipping, shipping };
}

export function ReturnRequestPanel({ order }: { order: PublicOrder }) {
  const request = order.return_request;
  const [open, setOpen] = useState<Open>(null);
  if (!request) return null;
  const names = new Map(order.productDetails.map((line) => [line._id, line.name]));
  const reason = RETURN_REASON_LABELS[request.reason as ReturnReason] ?? request.reason;
  const close = () => setOpen(null);
  return (
    <section aria-labelledby="order-return-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-amber-300 sm:p-5" data-testid="admin-return">
      <h2 id="order-return-heading" className="mb-2 text-lg font-semibold">
        Return request
      </h2>
      <dl className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">State</dt>
          <dd className="font-medium" data-testid="admin-return-status">
            {RETURN_STATUS_LABELS[request.status as ReturnStatusName] ?? request.status}
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Asked</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
          </dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Units</dt>
          <dd className="[overflow-wrap:anywhere]">{request.lines.map((line) => `${line.quantity} × ${names.get(line.orderItemId) ?? "a line"}`).join(", ")}</dd>
        </div>
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-slate-600">Reason</dt>
          <dd>{reason}</dd>
        </div>
        {request.note && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Customer&apos;s note</dt>
            <dd className="[overflow-wrap:anywhere] whitespace-pre-line">{request.note}</dd>
          </div>
        )}
        {request.pickup_date && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Pickup</dt>
            <dd>{formatDate(`${request.pickup_date}T12:00:00+05:30`)}, from the delivery address</dd>
          </div>
        )}
        {request.decline_reason && (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-slate-600">Declined because</dt>
            <dd className="[overflow-wrap:anywhere]">{request.decline_reason}</dd>
          </div>
        )}
      </dl>
      {request.photos.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Customer's photos">
          {request.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noopener noreferrer" className="block">
                {/* eslint-disable-next-line @next/next/no-img-element -- the image host's own address, shown as uploaded */}
                <img src={photo} alt={`Photo ${index + 1} of the return`} className="h-20 w-20 rounded-lg object-cover ring-1 ring-slate-200" />
              </a>
            </li>
          ))}
        </ul>
      )}
      {(request.status === "REQUESTED" || request.status === "APPROVED") && (
        <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-200 pt-3" role="group" aria-label="Return actions">
          {request.status === "REQUESTED" && order.status === "DELIVERED" && (
            <button type="button" onClick={() => setOpen("approve")} className={PRIMARY_ACTION}>
              Approve return
            </button>
          )}
          {request.status === "APPROVED" && order.status === "DELIVERED" && (
            <button type="button" onClick={() => setOpen("receive")} className={PRIMARY_ACTION}>
              Mark received
            </button>
          )}
          <button type="button" onClick={() => setOpen("decline")} className={SECONDARY_ACTION}>
            Decline return
          </button>
        </div>
      )}
      {open === "approve" && <ApproveDialog request={request} onClose={close} />}
      {open === "decline" && <DeclineDialog request={request} onClose={close} />}
      {open === "receive" && <ReceiveDialog order={order} request={request} onClose={close} />}
    </section>
  );
}

function ApproveDialog({ request, onClose }: { request: PublicReturn; onClose: () => void }) {
  const today = indiaToday();
  const [pickupDate, setPickupDate] = useState(today);
  const { pending, error, send } = useOrderAction();
  return (
    <ActionFormDialog
      title="Approve the return"
      submitLabel="Approve return"
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => send("/api/approve-return", { returnId: request._id, pickupDate }, () => "Return approved: the customer is emailed the pickup day")}
    >
      {(id) => (
        <>
          <label htmlFor={`${id}-date`} className="block font-medium">
            Pickup date
          </label>
          <input id={`${id}-date`} type="date" required min={today} value={pickupDate} onChange={(event) => setPickupDate(event.target.value)} className={INPUT_CLASS} />
          <p className="text-slate-600">The carrier picks the parcel up from the order&apos;s delivery address; the customer is emailed.</p>
        </>
      )}
    </ActionFormDialog>
  );
}

function DeclineDialog({ request, onClose }: { request: PublicReturn; onClose: () => void }) {
  const [reason, setReason] = useState("");
  const { pending, error, fields, send } = useOrderAction();
  return (
    <ActionFormDialog
      title="Decline the return"
      submitLabel="Decline return"
      pending={pending}
      error={error}
      onClose={onClose}
      onSubmit={() => send("/api/decline-return", { returnId: request._id, reason }, () => "Return declined: the customer is emailed why")}
    >
      {(id) => (
        <>
          <label htmlFor={`${id}-reason`} className="block font-medium">
            Reason (the customer reads it)
          </label>
          <textarea id={`${id}-reason`} required maxLength={500} rows={3} value={reason} onChange={(event) => setReason(event.target.value)} className={INPUT_CLASS} />
          {fields.reason && <p className="text-red-700">{fields.reason}</p>}
        </>
      )}
    </ActionFormDialog>
  );
}

function ReceiveDialog({ order, request, onClose }: { order: PublicOrder; request: PublicReturn; onClose: () => void }) {
  const { pending, error, send } = useOrderAction();
  const { amount, shipping } = returnRefundPaise(order, request);
  const restock = restocksOnReturn(request.reason as ReturnReason);
  return (
    <ConfirmDialog
      title="Mark the return received?"
      confirmLabel="Mark received and refund"
      tone="primary"
      pending={pending}
      error={error}
      onConfirm={async () => {
        if (await send<{ refund: { status: string } }>("/api/receive-return", { returnId: request._id }, (answer) => answer.message)) onClose();
      }}
      onClose={onClose}
    >
      {formatRupees(amount)} goes back to the customer{shipping > 0 ? `, shipping (${formatRupees(shipping)}) included` : ""}. {restock ? "The units go back to stock." : "Damaged: the units do not go back to stock."} The customer is emailed.
    </ConfirmDialog>
  );
}
