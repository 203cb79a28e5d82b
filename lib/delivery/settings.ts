import { SHIPPING_AMOUNT_PAISE } from "../constants";

// Where and when the shop delivers (client-safe): the zones a PIN code falls in, their transit
// days, the dispatch calendar, and what delivery and cash on delivery (COD) cost. The admin sets
// them in Settings (lib/server/delivery/delivery-settings.ts keeps them); a store that never saved
// them uses DEFAULT_DELIVERY_SETTINGS with the seller's city and state.

export const DELIVERY_ZONES = ["city", "state", "metro", "rest", "northEast", "islands"] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

export const ZONE_LABELS: Record<DeliveryZone, string> = {
  city: "Within the city",
  state: "Within the state",
  metro: "Metro cities",
  rest: "Rest of India",
  northEast: "North-east",
  islands: "Islands",
};

/** Zones a PIN enters by its prefix (the others by the PIN data's state): the ones whose prefixes the admin edits. */
export const PREFIXED_ZONES: readonly DeliveryZone[] = ["city", "metro", "northEast", "islands"];

export type ZoneSettings = {
  /** Working days in transit after dispatch, fewest and most. */
  transitMin: number;
  transitMax: number;
  /** Whether cash on delivery is offered in the zone. */
  cod: boolean;
  /** PIN prefixes (1–6 digits) in the zone, for the prefixed zones. */
  prefixes: string[];
};

export type DeliverySettings = {
  dispatchCity: string;
  /** ISO 3166-2:IN code. */
  dispatchState: string;
  /** Minutes after midnight, India time: orders before it leave the same working day (after handling). */
  cutoffMinutes: number;
  handlingDays: number;
  /** 0 = Sunday … 6 = Saturday. */
  closedWeekdays: number[];
  /** YYYY-MM-DD. */
  holidays: string[];
  zones: Record<DeliveryZone, ZoneSettings>;
  /** PIN codes or prefixes the shop does not deliver to. */
  notServed: string[];
  /** Paise. */
  shippingFee: number;
  /** Paise; null: delivery is never free. */
  freeShippingAbove: number | null;
  codEnabled: boolean;
  /** Paise. */
  codMaxOrder: number;
  /** Paise. */
  codFee: number;
};

/** ₹20,000: the largest order payable in cash unless the admin says otherwise. */
export const COD_MAX_ORDER_DEFAULT_PAISE = 2_000_000;
export const HOLIDAYS_MAX = 60;
export const PREFIXES_MAX = 200;
export const TRANSIT_DAYS_MAX = 30;
export const HANDLING_DAYS_MAX = 10;

/** The big cities' first PIN digits: Delhi, Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Pune, Ahmedabad. */
const METRO_PREFIXES = ["110", "400", "700", "600", "560", "500", "411", "380"];

/** A new store's: dispatch from the seller's city, the same day before 2 pm, Sundays off. */
export function defaultDeliverySettings(seller: { city: string | null; state: string | null; postalCode: string | null }): DeliverySettings {
  return {
    dispatchCity: seller.city ?? "",
    dispatchState: seller.state ?? "",
    cutoffMinutes: 14 * 60,
    handlingDays: 0,
    closedWeekdays: [0],
    holidays: [],
    zones: {
      city: { transitMin: 1, transitMax: 2, cod: true, prefixes: seller.postalCode ? [seller.postalCode.slice(0, 3)] : [] },
      state: { transitMin: 2, transitMax: 4, cod: true, prefixes: [] },
      metro: { transitMin: 2, transitMax: 4, cod: true, prefixes: METRO_PREFIXES },
      rest: { transitMin: 4, transitMax: 7, cod: true, prefixes: [] },
      northEast: { transitMin: 6, transitMax: 9, cod: true, prefixes: ["78", "79"] },
      islands: { transitMin: 8, transitMax: 12, cod: false, prefixes: ["744", "68255"] },
    },
    notServed: [],
    shippingFee: SHIPPING_AMOUNT_PAISE,
    freeShippingAbove: null,
    codEnabled: true,
    codMaxOrder: COD_MAX_ORDER_DEFAULT_PAISE,
    codFee: 0,
  };
}

/** What the product pages state about delivery: the fee (and when it is free), and the working days it takes anywhere. */
export type DeliveryTerms = {
  /** Paise. */
  feePaise: number;
  /** Paise; null: never free. */
  freeAbovePaise: number | null;
  /** Working days before dispatch: the handling days, one more after the cut-off. */
  handlingDays: { min: number; max: number };
  /** Working days in transit: the quickest zone's fewest to the slowest zone's most. */
  transitDays: { min: number; max: number };
};

export function deliveryTerms(settings: DeliverySettings): DeliveryTerms {
  const zones = DELIVERY_ZONES.map((zone) => settings.zones[zone]);
  return {
    feePaise: settings.shippingFee,
    freeAbovePaise: settings.freeShippingAbove,
    handlingDays: { min: settings.handlingDays, max: settings.handlingDays + 1 },
    transitDays: { min: Math.min(...zones.map((zone) => zone.transitMin)), max: Math.max(...zones.map((zone) => zone.transitMax)) },
  };
}

/** A new store's terms (no settings saved): what tests and a page without its settings state. */
export const DEFAULT_DELIVERY_TERMS = deliveryTerms(defaultDeliverySettings({ city: null, state: null, postalCode: null }));

/** What each setting is called in the Settings page's list of changes. */
export const DELIVERY_FIELD_LABELS: Record<keyof DeliverySettings, string> = {
  dispatchCity: "Dispatch city",
  dispatchState: "Dispatch state",
  cutoffMinutes: "Same-day cut-off",
  handlingDays: "Handling days",
  closedWeekdays: "Days without dispatch",
  holidays: "Holidays",
  zones: "Delivery zones",
  notServed: "Areas not served",
  shippingFee: "Delivery fee",
  freeShippingAbove: "Free delivery threshold",
  codEnabled: "Cash on delivery",
  codMaxOrder: "Cash on delivery limit",
  codFee: "Cash on delivery fee",
};
