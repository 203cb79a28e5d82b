"use client";

import { useEffect, useId, useState } from "react";
import { CARRIER_TRACKING, CARRIERS } from "@/lib/orders/order-lifecycle";
import { shipOrderSchema } from "@/lib/schemas";
import { INPUT_CLASS } from "../account/form-styles";
import { DialogAlert } from "../ui/dialog-alert";
import { IconButton } from "../ui/icon-button";
import { useModalDialog } from "../ui/use-modal-dialog";
import { useOrderAction } from "./use-order-action";
import { DialogActions } from "./dialog-actions";
import { DIALOG_CLASS } from "./order-action-styles";

/**
 * Mark shipped: the carrier (from the list; "Other" asks for its name), the tracking number, an
 * optional tracking link and note. Checked with the endpoint's own schema before it is sent
 * (docs/ENGINEERING.md §5.3), each message under its field only; a refusal of the whole (the
 * server's 409) once, above the buttons; never a toast as well.
 */
/** The dialog's fields, in order: a refusal of one is said under it, and only there. */
const FIELDS = ["carrier", "otherCarrier", "trackingNumber", "trackingUrl", "note"] as const;

export function ShipOrderDialog({ orderId, number, onDone, onClose }: { orderId: string; number: string; onDone: () => void; onClose: () => void }) {
  const dialog = useModalDialog();
  const id = useId();
  const [carrier, setCarrier] = useState("");
  const [otherCarrier, setOtherCarrier] = useState("");
  const [local, setLocal] = useState<Record<string, string>>({});
  const { pending, error, fields, send, setFields, refused } = useOrderAction(FIELDS);
  const errors = { ...fields, ...local };
  // A field refused here or by the server takes the focus (the first in the form), so its message is read with it.
  const focusFirst = (found: Record<string, string>) => {
    const first = FIELDS.find((name) => found[name]);
    if (first) document.getElementById(`${id}-${first}`)?.focus();
  };
  useEffect(() => {
    if (refused) focusFirst(fields);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refused]);
  const carrierName = carrier === "Other" ? otherCarrier.trim() : carrier;
  const listed = carrier in CARRIER_TRACKING ? CARRIER_TRACKING[carrier as keyof typeof CARRIER_TRACKING] : null;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      orderId,
      carrier,
      ...(carrier === "Other" ? { otherCarrier } : {}),
      trackingNumber: String(form.get("trackingNumber") ?? ""),
      trackingUrl: String(form.get("trackingUrl") ?? ""),
      note: String(form.get("note") ?? ""),
    };
    const checked = shipOrderSchema.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0] ?? "");
        found[name] ??= issue.message;
      }
      setLocal(found);
      setFields({});
      focusFirst(found);
      return;
    }
    setLocal({});
    if (await send("/api/ship-order", body, () => `Order ${number} marked shipped with ${carrierName}`)) onDone();
  }

  const describedBy = (name: string, hint?: boolean) => [hint ? `${id}-${name}-hint` : "", errors[name] ? `${id}-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
  const message = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="text-sm text-red-700">
        {errors[name]}
      </p>
    );

  return (
    <dialog ref={dialog} onClose={onClose} aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className={DIALOG_CLASS}>
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Mark order {number} shipped
        </h2>
        <IconButton icon="close" label="Close" onClick={() => dialog.current?.close()} className="h-9 w-9 hover:bg-slate-100" />
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        onInput={(event) => {
          const name = (event.target as HTMLInputElement).name;
          if (name && (local[name] || fields[name])) {
            setLocal(({ [name]: _fixed, ...rest }) => rest);
            setFields(({ [name]: _fixed, ...rest }) => rest);
          }
        }}
        className="space-y-4"
      >
        <div className="space-y-1">
          <label htmlFor={`${id}-carrier`} className="text-sm font-medium">
            Carrier
          </label>
          <select
            id={`${id}-carrier`}
            name="carrier"
            value={carrier}
            onChange={(event) => setCarrier(event.target.value)}
            required
            aria-invalid={Boolean(errors.carrier)}
            aria-describedby={describedBy("carrier")}
            className={INPUT_CLASS}
          >
            <option value="" disabled>
              Choose a carrier
            </option>
            {CARRIERS.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          {message("carrier")}
        </div>
        {carrier === "Other" && (
          <div className="space-y-1">
            <label htmlFor={`${id}-otherCarrier`} className="text-sm font-medium">
              Carrier name
            </label>
            <input
              id={`${id}-otherCarrier`}
              name="otherCarrier"
              value={otherCarrier}
              onChange={(event) => setOtherCarrier(event.target.value)}
              required
              maxLength={60}
              aria-invalid={Boolean(errors.otherCarrier)}
              aria-describedby={describedBy("otherCarrier")}
              className={INPUT_CLASS}
            />
            {message("otherCarrier")}
          </div>
        )}
        <div className="space-y-1">
          <label htmlFor={`${id}-trackingNumber`} className="text-sm font-medium">
            Tracking number
          </label>
          <input
            id={`${id}-trackingNumber`}
            name="trackingNumber"
            required
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-invalid={Boolean(errors.trackingNumber)}
            aria-describedby={describedBy("trackingNumber", true)}
            className={`${INPUT_CLASS} font-mono`}
          />
          <p id={`${id}-trackingNumber-hint`} className="text-xs text-slate-600">
            6 to 40 letters, digits or dashes, as on the carrier&apos;s label.
          </p>
          {message("trackingNumber")}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-trackingUrl`} className="text-sm font-medium">
            Tracking link (optional)
          </label>
          <input
            id={`${id}-trackingUrl`}
            name="trackingUrl"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={500}
            aria-invalid={Boolean(errors.trackingUrl)}
            aria-describedby={describedBy("trackingUrl", true)}
            className={INPUT_CLASS}
          />
          <p id={`${id}-trackingUrl-hint`} className="text-xs text-slate-600">
            {listed
              ? `Left empty, the link to ${carrier}'s tracking page is made from the number; a link typed here is on ${listed.site}.`
              : carrier === "Other"
                ? "Left empty, the parcel carries no link."
                : "Left empty for a listed carrier, the link is made from the number."}
          </p>
          {message("trackingUrl")}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-note`} className="text-sm font-medium">
            Note for the timeline (optional; the customer sees it)
          </label>
          <textarea id={`${id}-note`} name="note" rows={2} maxLength={1000} aria-invalid={Boolean(errors.note)} aria-describedby={describedBy("note")} className={INPUT_CLASS} />
          {message("note")}
        </div>
        <p id={`${id}-summary`} className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800" aria-live="polite">
          {carrierName ? `Order ${number} will be marked shipped with ${carrierName}, and the customer emailed the tracking.` : `Choose the carrier that takes order ${number}.`}
        </p>
        <DialogAlert message={error} />
        <DialogActions submitLabel="Mark shipped" pending={pending} onCancel={() => dialog.current?.close()} />
      </form>
    </dialog>
  );
}
