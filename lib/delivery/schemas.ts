import { z } from "zod";
import { plainText } from "../schemas";
import { INDIA_STATES, indianMobile, PIN_CODE } from "@/lib/shared/india";
import { rupeesToPaise } from "@/lib/shared/money";
import { DELIVERY_ZONES, HANDLING_DAYS_MAX, HOLIDAYS_MAX, PREFIXES_MAX, TRANSIT_DAYS_MAX, type DeliverySettings, type DeliveryZone, type ZoneSettings } from "./settings";

// Validation of the address book and the delivery settings, shared by the forms and the handlers.

// The bound and the messages live beside the address's type (zod-free), for the pages' scripts.
import { ADDRESS_BOOK_MAX, PHONE_MESSAGE, PIN_MESSAGE, STATE_MESSAGE } from "./address";
export { ADDRESS_BOOK_MAX, PHONE_MESSAGE, PIN_MESSAGE, STATE_MESSAGE };

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(...plainText(field));

const stateCode = z.string({ error: STATE_MESSAGE }).refine((value) => INDIA_STATES.some((state) => state.code === value), STATE_MESSAGE);

/** A mobile number as typed (+91 or 0 allowed, spaces and dashes ignored), kept as +91XXXXXXXXXX. */
export const mobileSchema = z
  .string({ error: PHONE_MESSAGE })
  .transform((value, context) => {
    const phone = indianMobile(value.trim());
    if (!phone) {
      context.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  });

export const pinSchema = z.string({ error: PIN_MESSAGE }).trim().regex(PIN_CODE, PIN_MESSAGE);

/** One address of the address book (POST /api/addresses, PUT /api/addresses/{id}). */
export const addressSchema = z.object({
  name: text("Full name", 100),
  phone: mobileSchema,
  line1: text("House and street", 200),
  area: text("Area or locality", 200),
  landmark: z
    .union([z.string({ error: "Landmark must be text" }).trim().max(120, "Landmark must be at most 120 characters").refine(...plainText("Landmark")), z.null()])
    .optional()
    .transform((value) => value || null),
  city: text("City or town", 100),
  district: text("District", 100),
  state: stateCode,
  postalCode: pinSchema,
  isDefault: z.boolean({ error: "isDefault must be true or false" }).optional().default(false),
  /** The shopper's "yes, this PIN is in that state" after the form questioned it. */
  confirmState: z.boolean({ error: "confirmState must be true or false" }).optional().default(false),
});
export type AddressInput = z.output<typeof addressSchema>;

// Delivery settings ------------------------------------------------------------------------------

/** Rupees (a number or its digits), 0 or more, at most 2 decimals, kept as paise. */
const rupeesToPaiseField = (field: string, max: number) =>
  z
    .union([z.number(), z.string().trim()], { error: `${field} is required` })
    .transform((value, context) => {
      const text = typeof value === "number" ? String(value) : value;
      if (!/^\d+(\.\d{1,2})?$/.test(text) || Number(text) > max) {
        context.addIssue({ code: "custom", message: `${field} must be an amount from ₹0 to ₹${max.toLocaleString("en-IN")}, with at most 2 decimals` });
        return z.NEVER;
      }
      return rupeesToPaise(text);
    });

const wholeNumber = (field: string, min: number, max: number) =>
  z.number({ error: `${field} must be a whole number` }).int(`${field} must be a whole number`).min(min, `${field} must be at least ${min}`).max(max, `${field} must be at most ${max}`);

const PREFIX = /^[1-9]\d{0,5}$/;
const prefixList = (field: string) =>
  z
    .array(z.string().trim().regex(PREFIX, `${field}: each entry is a PIN code or its first digits (1 to 6 digits, not starting with 0)`), { error: `${field} must be a list` })
    .max(PREFIXES_MAX, `${field}: at most ${PREFIXES_MAX} entries`)
    .transform((list) => [...new Set(list)]);

const zoneSchema = (zone: DeliveryZone) =>
  z
    .object({
      transitMin: wholeNumber("Fewest days in transit", 0, TRANSIT_DAYS_MAX),
      transitMax: wholeNumber("Most days in transit", 0, TRANSIT_DAYS_MAX),
      cod: z.boolean({ error: "Cash on delivery must be on or off" }),
      prefixes: prefixList("PIN prefixes").optional().default([]),
    })
    .refine((value) => value.transitMax >= value.transitMin, { path: ["transitMax"], message: "The most days in transit cannot be fewer than the fewest" })
    .transform((value): ZoneSettings => ({ ...value, prefixes: zone === "state" || zone === "rest" ? [] : value.prefixes }));

const CUTOFF = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** PUT /api/delivery-settings: amounts in rupees, the cut-off as "HH:MM" (India time). */
export const deliverySettingsSchema = z
  .object({
    dispatchCity: text("Dispatch city", 100),
    dispatchState: stateCode,
    cutoff: z.string({ error: "Cut-off time must be HH:MM" }).regex(CUTOFF, "Cut-off time must be HH:MM (24-hour, India time)"),
    handlingDays: wholeNumber("Handling days", 0, HANDLING_DAYS_MAX),
    closedWeekdays: z
      .array(wholeNumber("A closed weekday", 0, 6), { error: "Closed weekdays must be a list" })
      .max(6, "At least one weekday must be open")
      .transform((list) => [...new Set(list)].sort()),
    holidays: z
      .array(z.string().regex(DAY, "Each holiday is a date (YYYY-MM-DD)").refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day, "Each holiday is a real date"), { error: "Holidays must be a list" })
      .max(HOLIDAYS_MAX, `At most ${HOLIDAYS_MAX} holidays`)
      .transform((list) => [...new Set(list)].sort()),
    zones: z.object(Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, zoneSchema(zone)])) as Record<DeliveryZone, ReturnType<typeof zoneSchema>>),
    notServed: prefixList("Areas not served"),
    shippingFee: rupeesToPaiseField("Delivery fee", 10_000),
    freeShippingAbove: z.union([rupeesToPaiseField("Free delivery above", 10_000_000), z.null(), z.literal("").transform(() => null)]),
    codEnabled: z.boolean({ error: "Cash on delivery must be on or off" }),
    codMaxOrder: rupeesToPaiseField("Cash on delivery limit", 10_000_000),
    codFee: rupeesToPaiseField("Cash on delivery fee", 10_000),
  })
  .transform(({ cutoff, ...rest }): DeliverySettings => {
    const [, hours, minutes] = CUTOFF.exec(cutoff)!;
    return { ...rest, cutoffMinutes: Number(hours) * 60 + Number(minutes) };
  });

/** "14:00" for 840 minutes. */
export function cutoffText(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}
