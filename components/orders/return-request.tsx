"use client";

import { useId, useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError, postJson } from "@/lib/api-client";
import { PRODUCT_IMAGE_MAX_BYTES } from "@/lib/constants";
import { formatDate } from "@/lib/shared/dates";
import { refundableUnits } from "@/lib/orders/order-refunds";
import { returnWindowClosed } from "@/lib/orders/returns-policy";
import { isOpenReturn, RETURN_PHOTOS_MAX, RETURN_REASON_LABELS, RETURN_REASONS, RETURN_STATUS_LABELS, type ReturnReason, type ReturnStatusName } from "@/lib/orders/returns";
import { returnRequestBodySchema } from "@/lib/orders/refund-account";
import type { PublicOrder } from "@/lib/server/orders/types";
import { INPUT_CLASS } from "../account/form-styles";
import { DialogAlert } from "../ui/dialog-alert";
import { useModalDialog } from "../ui/use-modal-dialog";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";
import { orderHeadingId } from "./order-card";
import { uploadSigned } from "@/lib/shared/signed-upload";

// My Orders' returns (lib/server/orders/returns.ts): the latest request's state, and on a
// delivered order inside its returns window with no open request, "Request a return": the lines
// and units, a reason from the list, an optional note, up to 3 photos (signed uploads straight to
// the image host), picked up from the order's delivery address. A cash-on-delivery order's return
// also asks where the money goes back: a UPI ID or a bank account (the admin pays it and records it).

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"];

/** Whether the shopper may ask for a return now (the server checks it all again). */
export function canRequestReturn(order: PublicOrder, now = new Date()): boolean {
  if (order.status !== "DELIVERED" || !order.return_window_ends || returnWindowClosed(order.return_window_ends, now)) return false;
  if (order.return_request && isOpenReturn(order.return_request.status)) return false;
  return order.productDetails.some((line) => refundableUnits(line) > 0);
}

/** Whether My Orders shows the returns part of the card at all. */
export const showsReturns = (order: PublicOrder): boolean => Boolean(order.return_request) || canRequestReturn(order);

const uploadPhoto = (orderId: string, file: File): Promise<string> => uploadSigned("/api/return-photo-signature", file, { orderId });

export function ReturnRequest({ order, onChanged }: { order: PublicOrder; onChanged: () => Promise<unknown> }) {
  const [open, setOpen] = useState(false);
  const request = order.return_request;
  const names = new Map(order.productDetails.map((line) => [line._id, line.name]));
  return (
    <div className="space-y-2 text-sm" data-testid="order-return">
      {request && (
        <div className="space-y-1">
          <p className="font-semibold" data-testid="return-status">
            {RETURN_STATUS_LABELS[request.status as ReturnStatusName] ?? request.status}
          </p>
          <p className="text-slate-700 [overflow-wrap:anywhere]">
            {request.lines.map((line) => `${line.quantity} × ${names.get(line.orderItemId) ?? "an item"}`).join(", ")} · {RETURN_REASON_LABELS[request.reason as ReturnReason] ?? request.reason}
          </p>
          {request.status === "REQUESTED" && <p className="text-slate-700">We will tell you the pickup day by email.</p>}
          {request.status === "APPROVED" && request.pickup_date && (
            <p className="text-slate-700" data-testid="return-pickup">
              Pickup from your delivery address on {formatDate(`${request.pickup_date}T12:00:00+05:30`)}.
            </p>
          )}
          {request.status === "DECLINED" && request.decline_reason && <p className="text-slate-700 [overflow-wrap:anywhere]">Reason: {request.decline_reason}</p>}
          {request.status === "RECEIVED" && <p className="text-slate-700">The parcel reached us; the refund is shown above.</p>}
        </div>
      )}
      {canRequestReturn(order) && (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-slate-600">Not right? We pick it up free from your delivery address.</p>
          <button type="button" onClick={() => setOpen(true)} className="rounded-full bg-white px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            Request a return
          </button>
        </div>
      )}
      {open && <ReturnDialog order={order} onClose={() => setOpen(false)} onDone={async () => {
        setOpen(false);
        await onChanged();
        document.getElementById(orderHeadingId(order._id))?.focus();
      }} />}
    </div>
  );
}

function ReturnDialog({ order, onClose, onDone }: { order: PublicOrder; onClose: () => void; onDone: () => Promise<void> }) {
  const dialog = useModalDialog();
  const id = useId();
  const action = useApiAction();
  const lines = order.productDetails.filter((line) => refundableUnits(line) > 0);
  const [units, setUnits] = useState<Record<string, number>>(() => (lines.length === 1 ? { [lines[0]!._id]: refundableUnits(lines[0]!) } : {}));
  const [reason, setReason] = useState("");
  const [note, setNote] = useState("");
  const [photos, setPhotos] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState("");
  const cash = order.payment_method === "cod";
  const [accountKind, setAccountKind] = useState<"upi" | "bank">("upi");
  const [account, setAccount] = useState({ upiId: "", holder: "", accountNumber: "", accountNumberAgain: "", ifsc: "" });
  const setAccountField = (field: keyof typeof account) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setError("");
    setAccount((current) => ({ ...current, [field]: event.target.value }));
  };

  async function addPhotos(files: FileList | null) {
    for (const file of [...(files ?? [])]) {
      if (photos.length + uploading >= RETURN_PHOTOS_MAX) {
        toast.error(`At most ${RETURN_PHOTOS_MAX} photos`);
        break;
      }
      if (!PHOTO_TYPES.includes(file.type) || file.size > PRODUCT_IMAGE_MAX_BYTES) {
        toast.error(`${file.name}: use a JPEG, PNG, WebP or AVIF photo of at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`);
        continue;
      }
      setUploading((count) => count + 1);
      try {
        const url = await uploadPhoto(order._id, file);
        setPhotos((current) => (current.length < RETURN_PHOTOS_MAX ? [...current, url] : current));
      } catch (failure) {
        toast.error(failure instanceof Error ? failure.message : "The photo could not be uploaded");
      } finally {
        setUploading((count) => count - 1);
      }
    }
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      orderId: order._id,
      lines: Object.entries(units)
        .filter(([, quantity]) => quantity > 0)
        .map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
      reason,
      note: note.trim() || undefined,
      photos,
      refundAccount: cash ? (accountKind === "upi" ? { kind: "upi" as const, upiId: account.upiId } : { kind: "bank" as const, holder: account.holder, accountNumber: account.accountNumber, ifsc: account.ifsc }) : undefined,
    };
    // The money leaves for this account: a mistyped number is caught here, by typing it twice.
    if (cash && accountKind === "bank" && account.accountNumber.replace(/[\s-]/g, "") !== account.accountNumberAgain.replace(/[\s-]/g, "")) {
      setError("The two account numbers differ: type it again");
      return;
    }
    const checked = returnRequestBodySchema.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? "Check the form");
      return;
    }
    setError("");
    void action.run(async () => {
      try {
        await postJson("/api/request-return", body);
      } catch (failure) {
        setError(apiErrorMessage(failure));
        if (failure instanceof ApiError && failure.status === 409) await onDone();
        throw failure;
      }
      toast.success("Return requested. We will email you the pickup day.");
      await onDone();
    });
  }

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby={`${id}-title`} className="m-auto max-h-[calc(100dvh-2rem)] w-[min(32rem,calc(100%-1rem))] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl backdrop:bg-slate-900/50 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Request a return
      </h2>
      <form noValidate onSubmit={submit} className="mt-3 space-y-4 text-sm">
        <fieldset className="space-y-2">
          <legend className="font-medium">What are you sending back?</legend>
          {lines.map((line) => (
            <div key={line._id} className="flex items-center justify-between gap-3">
              <label htmlFor={`${id}-${line._id}`} className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {line.name}
              </label>
              <select
                id={`${id}-${line._id}`}
                value={units[line._id] ?? 0}
                onChange={(event) => setUnits((current) => ({ ...current, [line._id]: Number(event.target.value) }))}
                className={`${INPUT_CLASS.replace("w-full", "w-24")} shrink-0`}
              >
                {Array.from({ length: refundableUnits(line) + 1 }, (_, count) => (
                  <option key={count} value={count}>
                    {count === 0 ? "None" : count}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={`${id}-reason`} className="font-medium">
            Reason
          </label>
          <select id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} className={INPUT_CLASS}>
            <option value="">Choose a reason</option>
            {RETURN_REASONS.map((value) => (
              <option key={value} value={value}>
                {RETURN_REASON_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-note`} className="font-medium">
            Anything we should know? (optional)
          </label>
          <textarea id={`${id}-note`} value={note} maxLength={1000} rows={3} onChange={(event) => setNote(event.target.value)} className={INPUT_CLASS} />
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-photos`} className="font-medium">
            Photos (optional, up to {RETURN_PHOTOS_MAX})
          </label>
          <input id={`${id}-photos`} type="file" accept={PHOTO_TYPES.join(",")} multiple disabled={photos.length + uploading >= RETURN_PHOTOS_MAX} onChange={(event) => void addPhotos(event.target.files)} className="block w-full text-sm" />
          {(photos.length > 0 || uploading > 0) && (
            <p className="text-slate-600" aria-live="polite" data-testid="return-photos">
              {photos.length} added{uploading > 0 ? `, ${uploading} uploading…` : ""}
            </p>
          )}
        </div>
        {cash && (
          <fieldset className="space-y-2" data-testid="refund-account">
            <legend className="font-medium">Where should we send your refund?</legend>
            <p className="text-slate-600">You paid in cash: we send the money back by UPI or bank transfer once the parcel reaches us.</p>
            <div className="flex flex-wrap gap-4">
              {(["upi", "bank"] as const).map((kind) => (
                <label key={kind} className="flex items-center gap-2">
                  <input type="radio" name={`${id}-account-kind`} value={kind} checked={accountKind === kind} onChange={() => setAccountKind(kind)} />
                  {kind === "upi" ? "UPI ID" : "Bank account"}
                </label>
              ))}
            </div>
            {accountKind === "upi" ? (
              <div className="space-y-1">
                <label htmlFor={`${id}-upi`} className="font-medium">
                  Your UPI ID
                </label>
                <input id={`${id}-upi`} value={account.upiId} onChange={setAccountField("upiId")} autoComplete="off" spellCheck={false} placeholder="name@okhdfcbank" maxLength={320} className={INPUT_CLASS} />
              </div>
            ) : (
              <div className="grid gap-2 sm:grid-cols-2">
                <div className="space-y-1 sm:col-span-2">
                  <label htmlFor={`${id}-holder`} className="font-medium">
                    Account holder&apos;s name
                  </label>
                  <input id={`${id}-holder`} value={account.holder} onChange={setAccountField("holder")} autoComplete="name" maxLength={100} className={INPUT_CLASS} />
                </div>
                <div className="space-y-1">
                  <label htmlFor={`${id}-account`} className="font-medium">
                    Account number
                  </label>
                  <input id={`${id}-account`} value={account.accountNumber} onChange={setAccountField("accountNumber")} inputMode="numeric" autoComplete="off" maxLength={24} className={INPUT_CLASS} />
                </div>
                <div className="space-y-1">
                  <label htmlFor={`${id}-account-again`} className="font-medium">
                    Account number again
                  </label>
                  <input id={`${id}-account-again`} value={account.accountNumberAgain} onChange={setAccountField("accountNumberAgain")} inputMode="numeric" autoComplete="off" maxLength={24} className={INPUT_CLASS} />
                </div>
                <div className="space-y-1 sm:col-span-2">
                  <label htmlFor={`${id}-ifsc`} className="font-medium">
                    IFSC
                  </label>
                  <input id={`${id}-ifsc`} value={account.ifsc} onChange={setAccountField("ifsc")} autoComplete="off" spellCheck={false} placeholder="HDFC0001234" maxLength={11} className={`${INPUT_CLASS} uppercase`} />
                </div>
              </div>
            )}
          </fieldset>
        )}
        <p className="text-slate-600">A carrier picks the parcel up from this order&apos;s delivery address; we email you the day.</p>
        <DialogAlert message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} className="rounded-full px-4 py-2 font-medium ring-1 ring-slate-300 hover:bg-slate-100">
            Cancel
          </button>
          <button type="submit" disabled={action.pending || uploading > 0} className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-600 disabled:opacity-60">
            {action.pending ? "Sending…" : "Request return"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
