// India's states and union territories as Stripe's address forms offer them: the ISO 3166-2:IN
// subdivision code (without the "IN-" prefix) that an address's `state` carries, and its name.
// Shared by the Stripe emulator's hosted page and every screen that prints a delivery address.

export const INDIA_STATES: readonly { code: string; name: string }[] = [
  { code: "AN", name: "Andaman and Nicobar Islands" },
  { code: "AP", name: "Andhra Pradesh" },
  { code: "AR", name: "Arunachal Pradesh" },
  { code: "AS", name: "Assam" },
  { code: "BR", name: "Bihar" },
  { code: "CH", name: "Chandigarh" },
  { code: "CG", name: "Chhattisgarh" },
  { code: "DH", name: "Dadra and Nagar Haveli and Daman and Diu" },
  { code: "DL", name: "Delhi" },
  { code: "GA", name: "Goa" },
  { code: "GJ", name: "Gujarat" },
  { code: "HR", name: "Haryana" },
  { code: "HP", name: "Himachal Pradesh" },
  { code: "JK", name: "Jammu and Kashmir" },
  { code: "JH", name: "Jharkhand" },
  { code: "KA", name: "Karnataka" },
  { code: "KL", name: "Kerala" },
  { code: "LA", name: "Ladakh" },
  { code: "LD", name: "Lakshadweep" },
  { code: "MP", name: "Madhya Pradesh" },
  { code: "MH", name: "Maharashtra" },
  { code: "MN", name: "Manipur" },
  { code: "ML", name: "Meghalaya" },
  { code: "MZ", name: "Mizoram" },
  { code: "NL", name: "Nagaland" },
  { code: "OD", name: "Odisha" },
  { code: "PY", name: "Puducherry" },
  { code: "PB", name: "Punjab" },
  { code: "RJ", name: "Rajasthan" },
  { code: "SK", name: "Sikkim" },
  { code: "TN", name: "Tamil Nadu" },
  { code: "TS", name: "Telangana" },
  { code: "TR", name: "Tripura" },
  { code: "UP", name: "Uttar Pradesh" },
  { code: "UK", name: "Uttarakhand" },
  { code: "WB", name: "West Bengal" },
];

const NAMES = new Map(INDIA_STATES.map((state) => [state.code, state.name]));

/** The state's name for a code ("KA" → "Karnataka"); anything else as it was given. */
export function indiaStateName(code: string | null | undefined): string {
  if (!code) return "";
  return NAMES.get(code.toUpperCase()) ?? code;
}

/** A PIN code: six digits, the first not 0. */
export const PIN_CODE = /^[1-9]\d{5}$/;

/**
 * An Indian mobile number as a shopper types it (spaces, dashes, a leading 0 or +91 allowed):
 * ten digits starting 6–9. Returns it as E.164 (+91XXXXXXXXXX), the way Stripe stores phones, or null.
 */
export function indianMobile(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  const match = /^(?:\+91|0091|91|0)?([6-9]\d{9})$/.exec(digits);
  return match ? `+91${match[1]}` : null;
}

/** Delivery details as an order keeps them (a snapshot of what Checkout collected). */
export type DeliveryDetails = {
  name: string;
  phone: string | null;
  line1: string;
  line2: string | null;
  city: string;
  /** The district, when the address came from the store's own checkout (Stripe's page asks none). */
  district?: string | null;
  /** ISO 3166-2:IN code, as Stripe gives it (indiaStateName prints it). */
  state: string;
  postalCode: string;
  country: string;
};

/** The address as lines to print: name, street lines, "City, State PIN", phone. */
export function deliveryLines(delivery: DeliveryDetails): string[] {
  return [
    delivery.name,
    delivery.line1,
    ...(delivery.line2 ? [delivery.line2] : []),
    `${delivery.city}, ${indiaStateName(delivery.state)} ${delivery.postalCode}`,
    ...(delivery.country && delivery.country !== "IN" ? [delivery.country] : []),
  ];
}
