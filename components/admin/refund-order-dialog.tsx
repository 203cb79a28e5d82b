"use client";

import { useId, useState } from "react";
import { formatDate } from "@/lib/shared/dates";
import { formatRupeeAmount, formatRupees } from "@/lib/shared/money";
import { linesRefundPaise, refundableLeftPaise, refundableUnits } from "@/lib/orders/order-refunds";
import type { PublicOrder } from "@/lib/server/orders/types";
import { INPUT_CLASS } from "../account/form-styles";
import { DialogAlert } from "../ui/dialog-alert";
import { IconButton } from "../ui/icon-button";
import { useModalDialog } from "../ui/use-modal-dialog";
import { DialogActions } from "./dialog-actions";
import { DIALOG_CLASS } from "./order-action-styles";
import { useOrderAction } from "./use-order-action";

type Mode = "lines" | "all";

/**
 * Refund: units of the lines not refunded yet (a failed refund's units are free again), or
 * everything left, shipping included; whether the units go back to stock; an optional reason.
 * The total follows the choice and the button says it. A delivered order past its returns window
 * is refunded only with the admin's explicit word ("Refund outside the returns window"), which is
 * all that sends outsideWindow; without it the server's refusal is shown as it comes. Each refusal
 * is said once: a line's units under that line, anything else above the buttons (no toast).
 */
export function RefundOrderDialog({ order, number, windowClosed, onDone, onClose }: { order: PublicOrder; number: string; windowClosed: boolean; onDone: () => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const id = useId();
  const lines = order.productDetails.filter((item) => refundableUnits(item) > 0);
  const left = refundableLeftPaise(order);
  const [mode, setMode] = useState<Mode>(lines.length > 0 ? "lines" : "all");
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [restock, setRestock] = useState(false);
  const [outside, setOutside] = useState(false);
  const [problem, setProblem] = useState("");
  // Cash on delivery: the admin pays it by bank transfer or UPI first, then records its reference here.
  const cash = order.payment_method === "cod";
  const { pending, error, send } = useOrderAction();

  // Each line's units as typed: a whole number from 0 to what is left of it, else its message.
  const quantities: Record<string, number> = {};
  const lineErrors: Record<string, string> = {};
  for (const item of lines) {
    const text = (typed[item._id] ?? "").trim();
    if (text === "") continue;
    const units = /^\d+$/.test(text) ? Number(text) : NaN;
    if (Number.isNaN(units) || units > refundableUnits(item)) lineErrors[item._id] = `Enter a whole number from 0 to ${refundableUnits(item)}`;
    else if (units > 0) quantities[item._id] = units;
  }
  const total = mode === "all" ? left : linesRefundPaise(order, quantities);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem("");
    if (mode === "lines") {
      const firstWrong = lines.find((item) => lineErrors[item._id]);
      if (firstWrong) {
        document.getElementById(`${id}-qty-${firstWrong._id}`)?.focus();
        return;
      }
      if (total === 0) {
        setProblem("Choose the units to refund.");
        if (lines[0]) document.getElementById(`${id}-qty-${lines[0]._id}`)?.focus();
        return;
      }
    }
    const form = new FormData(event.currentTarget);
    const reason = String(form.get("reason") ?? "").trim();
    const body = {
      orderId: order._id,
      ...(mode === "all" ? { all: true } : { lines: Object.entries(quantities).map(([orderItemId, quantity]) => ({ orderItemId, quantity })) }),
      restock,
      ...(reason ? { reason } : {}),
      ...(outside ? { outsideWindow: true } : {}),
      // The sum this dialog states: the server refuses (409) a refund that has come to another.
      expectedAmount: total / 100,
    };
    const done = await send<{ amount: number; status: string }>("/api/refund-order", body, ({ data }) =>
      cash ? `Refund of ${formatRupeeAmount(data.amount)} recorded on order ${number}: pay it, then record its reference` : data.status === "SUCCEEDED" ? `Refunded ${formatRupeeAmount(data.amount)} on order ${number}` : `Refund of ${formatRupeeAmount(data.amount)} sent; the payment service has yet to confirm it`,
    );
    if (done) onDone();
  }

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby={`${id}-title`} className={DIALOG_CLASS}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Refund order {number}
        </h2>
        <IconButton icon="close" label="Close" onClick={() => dialog.current?.close()} className="h-9 w-9 hover:bg-slate-100" />
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">What to refund</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" name="mode" value="lines" checked={mode === "lines"} disabled={lines.length === 0} onChange={() => setMode("lines")} className="mt-0.5 h-4 w-4 accent-brand-600" />
            <span>Units of these lines</span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" name="mode" value="all" checked={mode === "all"} onChange={() => {
                setProblem("");
                setMode("all");
              }} className="mt-0.5 h-4 w-4 accent-brand-600" />
            <span>Everything left ({formatRupees(left)}, shipping included)</span>
          </label>
        </fieldset>
        {lines.length > 0 && (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label="Lines to refund">
            {lines.map((item) => (
              <li key={item._id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm" data-testid="refund-line">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium [overflow-wrap:anywhere]">{item.name}</p>
                  <p className="text-slate-600">
                    {formatRupeeAmount(item.price)} each · {refundableUnits(item)} of {item.quantity} refundable
                  </p>
                </div>
                <div className="space-y-1">
                  <label htmlFor={`${id}-qty-${item._id}`} className="block text-xs font-medium text-slate-700">
                    Units to refund<span className="sr-only">: {item.name}</span>
                  </label>
                  <input
                    id={`${id}-qty-${item._id}`}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={refundableUnits(item)}
                    step={1}
                    placeholder="0"
                    value={typed[item._id] ?? ""}
                    disabled={mode === "all"}
                    onChange={(event) => {
                      setProblem("");
                      setTyped((now) => ({ ...now, [item._id]: event.target.value }));
                    }}
                    aria-invalid={Boolean(lineErrors[item._id])}
                    aria-describedby={lineErrors[item._id] ? `${id}-qty-${item._id}-error` : undefined}
                    className={`${INPUT_CLASS} w-24 disabled:bg-slate-100`}
                  />
                </div>
                {lineErrors[item._id] && mode === "lines" && (
                  <p id={`${id}-qty-${item._id}-error`} className="w-full text-sm text-red-700">
                    {lineErrors[item._id]}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="restock" checked={restock} onChange={(event) => setRestock(event.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-600" />
          <span>Return these units to stock</span>
        </label>
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="text-sm font-medium">
            Reason (optional; the customer sees it)
          </label>
          <textarea id={`${id}-reason`} name="reason" rows={2} maxLength={500} className={INPUT_CLASS} />
        </div>
        {windowClosed && order.delivered_at && (
          <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300" data-testid="outside-window">
            <p>
              Delivered on {formatDate(order.delivered_at)}: the returns window closed on {order.return_window_ends ? formatDate(order.return_window_ends) : "its last day"}.
            </p>
            <label className="flex items-start gap-2 font-medium">
              <input type="checkbox" checked={outside} onChange={(event) => setOutside(event.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-600" />
              <span>Refund outside the returns window</span>
            </label>
          </div>
        )}
        {cash && (
          <p className="text-sm text-slate-700" data-testid="refund-pay-to">
            Paid in cash: the refund is recorded to pay, then you send it by bank transfer or UPI{" "}
            {order.cod?.refund_account ? (
              <>
                to <strong className="[overflow-wrap:anywhere]">{order.cod.refund_account}</strong>
              </>
            ) : (
              "to the account the customer gives you"
            )}{" "}
            and record its reference on the order (Record refund paid).
          </p>
        )}
        <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite" data-testid="refund-summary">
          {total > 0 ? (
            <>
              <span className="font-semibold">{formatRupees(total)}</span> {cash ? "is to pay back to the customer" : "goes back to the customer's card"}{mode === "all" ? ", shipping included" : ""}.
            </>
          ) : (
            "No units chosen yet."
          )}
        </p>
        <DialogAlert message={problem || error} />
        <DialogActions submitLabel={total > 0 ? `${cash ? "Record a refund of" : "Refund"} ${formatRupees(total)}` : cash ? "Record a refund" : "Refund"} pending={pending} onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}
