"use client";

import { StateOptions } from "./state-options";
import { useId, useRef, useState } from "react";
import { ApiError, fetchJson } from "@/lib/api-client";
import type { PublicAddress } from "@/lib/delivery/address";
import { INDIA_STATES, PIN_CODE } from "@/lib/shared/india";
import { INPUT_CLASS } from "../account/form-styles";
import { useFieldErrors } from "../ui/use-field-errors";

/** An address as the form sends it (addressSchema reads it on the server): a saved one's fields, as typed. */
export type AddressValues = Omit<PublicAddress, "_id" | "stateName" | "createdAt" | "isDefault"> & { isDefault?: boolean; confirmState?: boolean };

type PinPlace = { district: string; state: string; stateName: string; town: string | null };
type Questioned = { pinState: string; pinStateName: string };

const FIELDS = ["name", "phone", "postalCode", "line1", "area", "landmark", "city", "district", "state"] as const;

/**
 * A delivery address: typing a PIN fills in the district, state and town from the store's PIN
 * directory (all still editable). `onSubmit` sends it (the address book saves it; the checkout may
 * use it once); its refusal is shown under the fields. A PIN in another state than the chosen one
 * is questioned: the shopper takes the PIN's state or confirms their own.
 */
export function AddressForm({
  initial,
  submitLabel,
  pendingLabel = "Saving…",
  onSubmit,
  onCancel,
  extra,
}: {
  initial?: Partial<AddressValues>;
  submitLabel: string;
  pendingLabel?: string;
  onSubmit: (values: AddressValues) => Promise<void>;
  onCancel?: () => void;
  /** More fields before the buttons (the address book's "Make this my default"). */
  extra?: (values: { isDefault: boolean; setDefault: (value: boolean) => void }) => React.ReactNode;
}) {
  const id = useId();
  const { errors, problem, clear, refuse, fix, describedBy, errorOf } = useFieldErrors(id, (name) => (FIELDS as readonly string[]).includes(name));
  const [place, setPlace] = useState({ city: initial?.city ?? "", district: initial?.district ?? "", state: initial?.state ?? "" });
  const [pinNote, setPinNote] = useState("");
  const [questioned, setQuestioned] = useState<Questioned | null>(null);
  const [isDefault, setDefault] = useState(Boolean(initial?.isDefault));
  const [pending, setPending] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const looked = useRef("");
  // A town the shopper typed is theirs: a PIN looked up later fills in only an empty or filled-in one.
  const cityTyped = useRef(Boolean(initial?.city));

  async function lookUp(pin: string) {
    if (!PIN_CODE.test(pin) || looked.current === pin) return;
    looked.current = pin;
    try {
      const found = (await fetchJson<PinPlace>(`/api/pin-code/${pin}`)).data;
      if (looked.current !== pin) return;
      setPlace((now) => ({ city: cityTyped.current ? now.city : (found.town ?? now.city), district: found.district, state: found.state }));
      setPinNote(`${found.district}, ${found.stateName}`);
      fix("state");
      setQuestioned(null);
    } catch (error) {
      if (looked.current === pin) setPinNote(error instanceof ApiError && error.status === 404 ? error.message : "");
    }
  }

  function values(confirmState = false): AddressValues {
    const data = new FormData(form.current!);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    return {
      name: text("name"),
      phone: text("phone"),
      line1: text("line1"),
      area: text("area"),
      landmark: text("landmark") || null,
      city: place.city.trim(),
      district: place.district.trim(),
      state: place.state,
      postalCode: text("postalCode"),
      isDefault,
      confirmState,
    };
  }

  async function send(confirmState: boolean) {
    if (pending) return;
    clear();
    setPending(true);
    try {
      await onSubmit(values(confirmState));
      setQuestioned(null);
    } catch (refused) {
      const data = refused instanceof ApiError ? (refused.data as Partial<Questioned> | undefined) : undefined;
      setQuestioned(data?.pinState && data.pinStateName ? { pinState: data.pinState, pinStateName: data.pinStateName } : null);
      refuse(refused);
    } finally {
      setPending(false);
    }
  }

  const input = (name: (typeof FIELDS)[number], label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, wide = false) => (
    <div className={`space-y-1 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={describedBy(name)}
        className={INPUT_CLASS}
        {...props}
        onInput={(event) => {
          fix(name);
          props.onInput?.(event);
        }}
      />
      {errorOf(name)}
    </div>
  );

  const chosenStateName = INDIA_STATES.find((state) => state.code === place.state)?.name ?? place.state;

  return (
    <form
      ref={form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send(false);
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      {input("name", "Full name", { defaultValue: initial?.name, autoComplete: "name", maxLength: 100, required: true })}
      {input("phone", "Mobile number", { defaultValue: initial?.phone, type: "tel", inputMode: "tel", autoComplete: "tel", maxLength: 16, required: true, placeholder: "10-digit mobile number" })}
      <div className="space-y-1">
        <label htmlFor={`${id}-postalCode`} className="text-sm font-medium">
          PIN code
        </label>
        <input
          id={`${id}-postalCode`}
          name="postalCode"
          defaultValue={initial?.postalCode}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={6}
          required
          aria-invalid={Boolean(errors.postalCode)}
          aria-describedby={[describedBy("postalCode"), `${id}-pin-note`].filter(Boolean).join(" ")}
          className={INPUT_CLASS}
          onInput={(event) => {
            fix("postalCode");
            const pin = event.currentTarget.value.trim();
            if (pin.length < 6) setPinNote("");
            void lookUp(pin);
          }}
        />
        <p id={`${id}-pin-note`} aria-live="polite" className="text-sm text-slate-600">
          {pinNote}
        </p>
        {errorOf("postalCode")}
      </div>
      <div className="hidden sm:block" aria-hidden="true" />
      {input("line1", "House no., building and street", { defaultValue: initial?.line1, autoComplete: "address-line1", maxLength: 200, required: true }, true)}
      {input("area", "Area, locality or sector", { defaultValue: initial?.area, autoComplete: "address-line2", maxLength: 200, required: true })}
      {input("landmark", "Landmark (optional)", { defaultValue: initial?.landmark ?? "", maxLength: 120 })}
      {input("city", "City or town", {
        value: place.city,
        onChange: (event) => {
          cityTyped.current = event.target.value.trim() !== "";
          setPlace({ ...place, city: event.target.value });
        }, autoComplete: "address-level2", maxLength: 100, required: true })}
      {input("district", "District", { value: place.district, onChange: (event) => setPlace({ ...place, district: event.target.value }), maxLength: 100, required: true })}
      <div className="space-y-1 sm:col-span-2">
        <label htmlFor={`${id}-state`} className="text-sm font-medium">
          State or union territory
        </label>
        <select
          id={`${id}-state`}
          name="state"
          value={place.state}
          onChange={(event) => {
            setPlace({ ...place, state: event.target.value });
            fix("state");
            setQuestioned(null);
          }}
          autoComplete="address-level1"
          required
          aria-invalid={Boolean(errors.state)}
          aria-describedby={describedBy("state")}
          className={INPUT_CLASS}
        >
          <StateOptions prompt="Choose…" />
        </select>
        {errorOf("state")}
        {questioned && (
          <div className="flex flex-wrap gap-2 pt-1">
            <button
              type="button"
              onClick={() => {
                setPlace({ ...place, state: questioned.pinState });
                fix("state");
                setQuestioned(null);
              }}
              className="rounded-full border border-brand-600 px-3 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Use {questioned.pinStateName}
            </button>
            <button type="button" onClick={() => void send(true)} className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-50">
              Keep {chosenStateName}: the address is right
            </button>
          </div>
        )}
      </div>
      {extra?.({ isDefault, setDefault })}
      {problem && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <button type="submit" disabled={pending} className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {pending ? pendingLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className="rounded-full border border-slate-300 px-5 py-2 text-sm font-medium hover:bg-slate-50">
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
