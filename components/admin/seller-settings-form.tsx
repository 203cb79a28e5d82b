"use client";

import { StateOptions } from "../delivery/state-options";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { INPUT_CLASS } from "@/components/account/form-styles";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { GST_REGISTRATIONS, SELLER_FIELD_LABELS, type SellerDetails } from "@/lib/billing/seller";
import { useApiAction } from "../ui/use-api-action";
import { useHydrated } from "../ui/use-hydrated";
import { useFieldErrors } from "../ui/use-field-errors";
import { UNTIL_HYDRATED } from "./order-action-styles";
import { SaveFooter } from "./form-footer";

type Field = Exclude<keyof SellerDetails, "registration">;

/** The form's groups: what an invoice names of the seller, how to reach them, and the grievance officer. */
const GROUPS: { legend: string; hint?: string; fields: { name: Field; type?: string; autoComplete?: string; maxLength: number; inputMode?: "tel" | "email" | "numeric" }[] }[] = [
  {
    legend: "The business",
    hint: "As registered for GST: invoices print these.",
    fields: [
      { name: "legalName", autoComplete: "organization", maxLength: 200 },
      { name: "tradeName", maxLength: 200 },
      { name: "gstin", maxLength: 20 },
    ],
  },
  {
    legend: "Address",
    fields: [
      { name: "addressLine1", autoComplete: "address-line1", maxLength: 200 },
      { name: "addressLine2", autoComplete: "address-line2", maxLength: 200 },
      { name: "city", autoComplete: "address-level2", maxLength: 100 },
      { name: "postalCode", autoComplete: "postal-code", maxLength: 6, inputMode: "numeric" },
    ],
  },
  {
    legend: "Contact",
    fields: [
      { name: "email", type: "email", autoComplete: "email", maxLength: 254, inputMode: "email" },
      { name: "phone", type: "tel", autoComplete: "tel", maxLength: 20, inputMode: "tel" },
    ],
  },
  {
    legend: "Grievance officer",
    hint: "Named on the Contact and grievances page, as the Consumer Protection (E-Commerce) Rules 2020 require.",
    fields: [
      { name: "grievanceName", maxLength: 100 },
      { name: "grievanceDesignation", maxLength: 100 },
      { name: "grievanceEmail", type: "email", maxLength: 254, inputMode: "email" },
      { name: "grievancePhone", type: "tel", maxLength: 20, inputMode: "tel" },
    ],
  },
];

const FIELDS = Object.keys(SELLER_FIELD_LABELS);

/** The seller's details: every field at once (PUT /api/seller-settings), each refusal under its field. */
export function SellerSettingsForm({ details }: { details: SellerDetails }) {
  const router = useRouter();
  const id = useId();
  const hydrated = useHydrated();
  const { errors, problem, clear, refuse, fix, describedBy, errorOf: error } = useFieldErrors(id, (name) => FIELDS.includes(name));
  const { pending, run } = useApiAction({ quiet: true });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "").trim() || null]));
    clear();
    await run(async () => {
      try {
        const answer = await postJson<{ missing: string[] }>("/api/seller-settings", body, "PUT");
        toast.success(answer.message);
        // The banner on the admin's pages and the changes list come from the server.
        router.refresh();
      } catch (refused) {
        refuse(refused);
      }
    });
  }

  return (
    <form
      onSubmit={onSubmit}
      onInput={(event) => fix((event.target as HTMLInputElement).name)}
      noValidate
    >
      {/* Inert until hydrated: typed before, a value was lost when hydration reset the field, and
          Save would have sent the form natively (a GET with every value in the address). */}
      <fieldset disabled={!hydrated} className={UNTIL_HYDRATED}>
        {GROUPS.map((group) => (
          <fieldset key={group.legend} className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
            <legend className="float-left mb-1 w-full text-lg font-semibold">{group.legend}</legend>
            {group.hint ? <p className="clear-both text-sm text-slate-600">{group.hint}</p> : null}
            <div className="clear-both grid gap-3 sm:grid-cols-2">
              {group.fields.map((field) => (
                <div key={field.name} className="space-y-1">
                  <label htmlFor={`${id}-${field.name}`} className="text-sm font-medium">
                    {SELLER_FIELD_LABELS[field.name]}
                  </label>
                  <input
                    id={`${id}-${field.name}`}
                    name={field.name}
                    type={field.type ?? "text"}
                    defaultValue={details[field.name] ?? ""}
                    maxLength={field.maxLength}
                    autoComplete={field.autoComplete ?? "off"}
                    inputMode={field.inputMode}
                    spellCheck={false}
                    aria-invalid={Boolean(errors[field.name])}
                    aria-describedby={describedBy(field.name)}
                    className={`${INPUT_CLASS} ${field.name === "gstin" ? "uppercase" : ""}`}
                  />
                  {error(field.name)}
                </div>
              ))}
              {group.legend === "Address" && (
                <div className="space-y-1">
                  <label htmlFor={`${id}-state`} className="text-sm font-medium">
                    {SELLER_FIELD_LABELS.state}
                  </label>
                  <select id={`${id}-state`} name="state" defaultValue={details.state ?? ""} aria-invalid={Boolean(errors.state)} aria-describedby={describedBy("state")} className={INPUT_CLASS}>
                    <StateOptions />
                  </select>
                  {error("state")}
                </div>
              )}
            </div>
            {group.legend === "The business" && (
              <fieldset className="space-y-2" aria-describedby={[`${id}-registration-hint`, describedBy("registration")].filter(Boolean).join(" ")}>
                <legend className="text-sm font-medium">{SELLER_FIELD_LABELS.registration}</legend>
                {GST_REGISTRATIONS.map((kind, index) => (
                  <label key={kind} className="flex items-start gap-2 text-sm">
                    <input id={index === 0 ? `${id}-registration` : undefined} type="radio" name="registration" value={kind} defaultChecked={details.registration === kind} className="mt-1" />
                    <span>{kind === "REGULAR" ? "Regular: tax invoices, GST collected" : "Composition: bills of supply, no GST collected, sales within the state only"}</span>
                  </label>
                ))}
                <p id={`${id}-registration-hint`} className="text-sm text-slate-600">
                  A composition taxpayer may not supply to another state (CGST Act s.10(2)(c)), and issues bills of supply without tax.
                </p>
                {error("registration")}
              </fieldset>
            )}
          </fieldset>
        ))}
        <SaveFooter problem={problem} pending={pending} label="Save details" />
      </fieldset>
    </form>
  );
}
