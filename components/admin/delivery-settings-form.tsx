"use client";

import { StateOptions } from "../delivery/state-options";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { INPUT_CLASS } from "@/components/account/form-styles";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import type { DeliverySettingsAnswer } from "@/lib/delivery/settings-answer";
import { DELIVERY_ZONES, PREFIXED_ZONES, ZONE_LABELS, type DeliveryZone } from "@/lib/delivery/settings";
import { useApiAction } from "../ui/use-api-action";
import { useHydrated } from "../ui/use-hydrated";
import { useFieldErrors } from "../ui/use-field-errors";
import { UNTIL_HYDRATED } from "./order-action-styles";
import { SaveFooter } from "./form-footer";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const ZONE_HINTS: Record<DeliveryZone, string> = {
  city: "PINs starting with these.",
  state: "Every other PIN in the dispatch state.",
  metro: "The big cities' PIN prefixes.",
  rest: "Everywhere else.",
  northEast: "PIN prefixes of the north-eastern states.",
  islands: "Andaman and Nicobar (744), Lakshadweep (68255).",
};

/** A list typed as words separated by commas, spaces or lines. */
const listOf = (text: string) => text.split(/[\s,]+/).map((entry) => entry.trim()).filter(Boolean);

/**
 * Where and when the shop delivers (PUT /api/delivery-settings): the dispatch calendar, the zones
 * with their transit days and cash on delivery, the areas not served, and the fees. Each refusal
 * is shown under its field.
 */
export function DeliverySettingsForm({ settings }: { settings: DeliverySettingsAnswer }) {
  const router = useRouter();
  const id = useId();
  const hydrated = useHydrated();
  const { errors, problem, clear, refuse, fix, describedBy, errorOf } = useFieldErrors(id, () => true);
  const { pending, run } = useApiAction({ quiet: true });
  const fieldId = (name: string) => `${id}-${name}`;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const whole = (name: string) => (text(name) === "" ? Number.NaN : Number(text(name)));
    const body = {
      dispatchCity: text("dispatchCity"),
      dispatchState: text("dispatchState"),
      cutoff: text("cutoff"),
      handlingDays: whole("handlingDays"),
      closedWeekdays: form.getAll("closedWeekdays").map(Number),
      holidays: listOf(text("holidays")),
      zones: Object.fromEntries(
        DELIVERY_ZONES.map((zone) => [
          zone,
          { transitMin: whole(`zones.${zone}.transitMin`), transitMax: whole(`zones.${zone}.transitMax`), cod: form.get(`zones.${zone}.cod`) === "on", prefixes: listOf(text(`zones.${zone}.prefixes`)) },
        ]),
      ),
      notServed: listOf(text("notServed")),
      shippingFee: text("shippingFee"),
      freeShippingAbove: text("freeShippingAbove") || null,
      codEnabled: form.get("codEnabled") === "on",
      codMaxOrder: text("codMaxOrder"),
      codFee: text("codFee"),
    };
    clear();
    await run(async () => {
      try {
        const answer = await postJson("/api/delivery-settings", body, "PUT");
        toast.success(answer.message);
        router.refresh();
      } catch (refused) {
        refuse(refused);
      }
    });
  }

  const input = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className="space-y-1">
      <label htmlFor={fieldId(name)} className="text-sm font-medium">
        {label}
      </label>
      <input id={fieldId(name)} name={name} aria-invalid={Boolean(errors[name])} aria-describedby={describedBy(name)} className={INPUT_CLASS} {...props} />
      {errorOf(name)}
    </div>
  );
  const CARD = "space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5";
  const LEGEND = "float-left mb-1 w-full text-lg font-semibold";
  const listError = (name: string) => Object.keys(errors).find((key) => key === name || key.startsWith(`${name}.`));

  return (
    <form onSubmit={onSubmit} onInput={(event) => fix((event.target as HTMLInputElement).name)} noValidate data-testid="delivery-settings">
      {/* Inert until hydrated, as the seller's form. */}
      <fieldset disabled={!hydrated} className={UNTIL_HYDRATED}>
        <fieldset className={CARD}>
          <legend className={LEGEND}>Dispatch</legend>
          <p className="clear-both text-sm text-slate-600">Where parcels leave from, and when. Times are India time; handling and transit count working days only.</p>
          <div className="clear-both grid gap-3 sm:grid-cols-2">
            {input("dispatchCity", "Dispatch city", { defaultValue: settings.dispatchCity, maxLength: 100 })}
            <div className="space-y-1">
              <label htmlFor={fieldId("dispatchState")} className="text-sm font-medium">
                Dispatch state
              </label>
              <select id={fieldId("dispatchState")} name="dispatchState" defaultValue={settings.dispatchState} aria-invalid={Boolean(errors.dispatchState)} aria-describedby={describedBy("dispatchState")} className={INPUT_CLASS}>
                <StateOptions />
              </select>
              {errorOf("dispatchState")}
            </div>
            {input("cutoff", "Same-day dispatch cut-off", { type: "time", defaultValue: settings.cutoff })}
            {input("handlingDays", "Handling days before dispatch", { type: "number", min: 0, max: 10, step: 1, defaultValue: settings.handlingDays })}
          </div>
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium">No dispatch on</legend>
            <div className="flex flex-wrap gap-x-4 gap-y-1">
              {WEEKDAYS.map((day, index) => (
                <label key={day} className="flex items-center gap-1.5 text-sm">
                  <input type="checkbox" name="closedWeekdays" value={index} defaultChecked={settings.closedWeekdays.includes(index)} className="h-4 w-4 accent-brand-600" />
                  {day}
                </label>
              ))}
            </div>
            {errorOf(listError("closedWeekdays") ?? "closedWeekdays")}
          </fieldset>
          <div className="space-y-1">
            <label htmlFor={fieldId("holidays")} className="text-sm font-medium">
              Holidays (YYYY-MM-DD, one a line)
            </label>
            <textarea id={fieldId("holidays")} name="holidays" rows={3} defaultValue={settings.holidays.join("\n")} aria-invalid={Boolean(listError("holidays"))} aria-describedby={listError("holidays") ? describedBy(listError("holidays")!) : undefined} className={INPUT_CLASS} />
            {listError("holidays") && errorOf(listError("holidays")!)}
          </div>
        </fieldset>

        <fieldset className={CARD}>
          <legend className={LEGEND}>Zones</legend>
          <p className="clear-both text-sm text-slate-600">A PIN falls in the first zone that matches, top to bottom: within the city, within the state, the islands, the north-east, the metros, then the rest of India.</p>
          <div className="clear-both space-y-3">
            {DELIVERY_ZONES.map((zone) => {
              const name = (field: string) => `zones.${zone}.${field}`;
              const zoneSettings = settings.zones[zone];
              return (
                <fieldset key={zone} className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-[10rem_6rem_6rem_auto]">
                  <legend className="sr-only">{ZONE_LABELS[zone]}</legend>
                  <div>
                    <p className="font-medium">{ZONE_LABELS[zone]}</p>
                    <p className="text-xs text-slate-600">{ZONE_HINTS[zone]}</p>
                  </div>
                  {input(name("transitMin"), "Fewest days", { type: "number", min: 0, max: 30, defaultValue: zoneSettings.transitMin })}
                  {input(name("transitMax"), "Most days", { type: "number", min: 0, max: 30, defaultValue: zoneSettings.transitMax })}
                  <label className="flex items-center gap-2 self-end pb-2 text-sm">
                    <input type="checkbox" name={name("cod")} defaultChecked={zoneSettings.cod} className="h-4 w-4 accent-brand-600" />
                    Cash on delivery
                  </label>
                  {PREFIXED_ZONES.includes(zone) && (
                    <div className="sm:col-span-4">
                      {input(name("prefixes"), "PIN prefixes (comma-separated)", { defaultValue: zoneSettings.prefixes.join(", "), inputMode: "numeric", spellCheck: false })}
                      {listError(name("prefixes")) && listError(name("prefixes")) !== name("prefixes") && errorOf(listError(name("prefixes"))!)}
                    </div>
                  )}
                </fieldset>
              );
            })}
            <div className="space-y-1">
              <label htmlFor={fieldId("notServed")} className="text-sm font-medium">
                PIN codes or prefixes not served
              </label>
              <textarea id={fieldId("notServed")} name="notServed" rows={2} defaultValue={settings.notServed.join(", ")} spellCheck={false} aria-invalid={Boolean(listError("notServed"))} aria-describedby={listError("notServed") ? describedBy(listError("notServed")!) : undefined} className={INPUT_CLASS} />
              {listError("notServed") && errorOf(listError("notServed")!)}
            </div>
          </div>
        </fieldset>

        <fieldset className={CARD}>
          <legend className={LEGEND}>Fees and cash on delivery</legend>
          <div className="clear-both grid gap-3 sm:grid-cols-2">
            {input("shippingFee", "Delivery fee (₹)", { inputMode: "decimal", defaultValue: settings.shippingFee })}
            {input("freeShippingAbove", "Free delivery for orders of at least (₹, empty for never)", { inputMode: "decimal", defaultValue: settings.freeShippingAbove ?? "" })}
            <label className="flex items-center gap-2 text-sm sm:col-span-2">
              <input type="checkbox" name="codEnabled" defaultChecked={settings.codEnabled} className="h-4 w-4 accent-brand-600" />
              Offer cash on delivery
            </label>
            {input("codMaxOrder", "Largest order payable in cash (₹)", { inputMode: "decimal", defaultValue: settings.codMaxOrder })}
            {input("codFee", "Cash on delivery fee (₹)", { inputMode: "decimal", defaultValue: settings.codFee })}
          </div>
        </fieldset>
        <SaveFooter problem={problem} pending={pending} label="Save delivery settings" />
      </fieldset>
    </form>
  );
}
