// The part of Stripe that the store calls, for the `stripe` SDK pointed here (host/port/protocol):
//   POST /v1/checkout/sessions                  create (Stripe's validation of the fields we send; Idempotency-Key honoured)
//   GET  /v1/checkout/sessions/{id}             retrieve
//   GET  /v1/checkout/sessions/{id}/line_items  its lines
//   POST /v1/checkout/sessions/{id}/expire      expire an open session (sends checkout.session.expired)
// and the hosted payment page a session's `url` opens: GET /stripe/pay/{id} shows the lines,
// shipping and total with a test card form; paying delivers `checkout.session.completed` to the
// store's webhook, signed as Stripe signs (`t=…,v1=…`, HMAC-SHA256 of `t.payload`), retried with
// backoff on a non-2xx, then redirects to the success URL. Test cards: 4242 4242 4242 4242 pays;
// 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has insufficient funds.
// Delivery details, as Stripe collects them: a session created with
// `shipping_address_collection[allowed_countries][]` (Stripe's country codes) and/or
// `phone_number_collection[enabled]` echoes them (`shipping_address_collection: { allowed_countries }
// | null`, `phone_number_collection: { enabled }`), and its page asks for a shipping address (Full
// name, Country, Address line 1 and 2, City, State from lib/shared/india.ts, PIN code) and a phone number.
// A POST checks every field at once (India's rules: PIN_CODE, indianMobile) and answers 400 with
// each error beside its field and a summary, the entries kept; the card is charged only when they
// pass (402 for a card problem, as before). Once paid, the session carries what was entered as
// Stripe gives it (API 2026-10-28.endive): `collected_information.shipping_details { name, address }`
// and `customer_details { email, name, phone (E.164), address, … }`, in the events too.
// (`collected_information` is null until then.) TEST_DELIVERY_FORM is a valid Indian entry for
// clients that post the page themselves.
// Payments and refunds: paying a session makes its PaymentIntent (pi_…, the session's amount_total
// and currency, status "succeeded", `latest_charge`) and Charge (ch_…, `amount_refunded`, `refunded`;
// `refunds` with `expand[]=refunds`, as since API 2022-11-15), and the session's `payment_intent`:
//   GET  /v1/payment_intents/{id}               retrieve (expand[]=latest_charge)
//   GET  /v1/charges/{id}                       retrieve (expand[]=refunds)
//   POST /v1/refunds                            `payment_intent` or `charge`, `amount` (default: what is
//                                               left), `reason`, `metadata[…]`; Idempotency-Key honoured.
//                                               Stripe's errors: resource_missing (404, "No such
//                                               payment_intent: 'pi_…'"), "Invalid positive integer",
//                                               amount_too_large ("Refund amount (₹X) is greater than
//                                               unrefunded amount on charge (₹Y)"), charge_already_refunded
//                                               ("Charge ch_… has already been refunded."). A card refund
//                                               succeeds at once: charge.refunded (the charge, with
//                                               previous_attributes) and refund.created are sent.
//   GET  /v1/refunds/{id}                       retrieve (expand[]=charge, payment_intent)
//   POST /v1/refunds/{id}                       update its metadata (refund.updated when it changes)
//   GET  /v1/refunds?payment_intent=…|charge=…  a list, newest first (limit, starting_after, ending_before)
// Events carry `request: { id, idempotency_key }` of the API call that made them.
// For tests and developers: GET /stripe/sessions (every session made), GET /stripe/refunds (every
// refund), GET /stripe/events (every event with its deliveries and its object's id),
// POST /stripe/events/{id}/redeliver; POST /stripe/dashboard-refund (JSON or form: payment_intent or
// charge, amount?, reason?) refunds as the Dashboard's button does (no Idempotency-Key, no metadata,
// the same events); POST /stripe/refunds/{id}/fail (failure_reason?, default lost_or_stolen_card)
// fails a succeeded refund later, as a card refund can: status "failed", `failure_reason`, the
// amount back on the charge, refund.updated and refund.failed sent. State is in memory.
import { createHmac, randomBytes } from "node:crypto";
import { INDIA_STATES, indianMobile, PIN_CODE } from "../../lib/shared/india";
import { escapeHtml, type EmulatorRequest, type EmulatorResponse, type EmulatorRoute } from "./http";

export type StripeEmulatorOptions = {
  /** Where events are delivered (the store's /api/webhook); none: events are kept, not sent. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_…), the one the store verifies with. */
  webhookSecret?: string;
  /** Delays between delivery attempts, in ms (Stripe retries for days; this stays bounded). */
  retryDelaysMs?: number[];
};

type Dict = { [key: string]: FormValue };
type FormValue = string | Dict | FormValue[];

type LineItem = { id: string; name: string; images: string[]; unitAmount: number; quantity: number; currency: string };

/** An address as Stripe gives one (`state`: for India, the ISO 3166-2:IN code without "IN-"). */
export type EmulatedAddress = { city: string; country: string; line1: string; line2: string | null; postal_code: string; state: string | null };

export type EmulatedSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  collected_information: {
    business_name: null;
    individual_name: null;
    shipping_details: { name: string; address: EmulatedAddress } | null;
  } | null;
  customer_details: {
    address: EmulatedAddress | null;
    business_name: null;
    email: string | null;
    individual_name: null;
    name: string | null;
    phone: string | null;
    tax_exempt: "none";
    tax_ids: [];
  } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
  phone_number_collection: { enabled: boolean };
  shipping_address_collection: { allowed_countries: string[] } | null;
  shipping_cost: { amount_subtotal: number; amount_tax: number; amount_total: number; shipping_rate: string } | null;
  shipping_options: { shipping_amount: number; shipping_rate: string }[];
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  url: string | null;
};

/** One delivery attempt: when it started, the answer, and how long the store took (ms). */
type Delivery = { at: string; status: number | null; ms?: number; error?: string };
export type EmulatedEvent = { id: string; type: string; created: number; payload: string; deliveries: Delivery[]; delivered: boolean };

/** A paid session's PaymentIntent, as Stripe gives one (API 2026-10-28.endive; `amount_received` stays after refunds). */
export type EmulatedPaymentIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: 0;
  amount_received: number;
  capture_method: "automatic_async";
  client_secret: string;
  confirmation_method: "automatic";
  created: number;
  currency: string;
  customer: null;
  description: null;
  last_payment_error: null;
  latest_charge: string;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string;
  payment_method_types: string[];
  receipt_email: string | null;
  status: "succeeded";
};

/** Its Charge (`refunds` is expandable, as it has been since API 2022-11-15: `expand[]=refunds`). */
export type EmulatedCharge = {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: string;
  billing_details: { address: EmulatedAddress | null; email: string | null; name: string | null; phone: string | null };
  captured: true;
  created: number;
  currency: string;
  customer: null;
  description: null;
  disputed: false;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Record<string, string>;
  paid: true;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: { brand: string; country: string; exp_month: number; exp_year: number; funding: "credit"; last4: string } };
  receipt_email: string | null;
  receipt_url: string;
  refunded: boolean;
  status: "succeeded";
};

export const REFUND_REASONS = ["duplicate", "fraudulent", "requested_by_customer"] as const;
/** Why a card refund fails later (Refund.failure_reason). */
export const REFUND_FAILURE_REASONS = ["lost_or_stolen_card", "expired_or_canceled_card", "charge_for_pending_refund_disputed", "insufficient_funds", "declined", "merchant_request", "unknown"] as const;

export type EmulatedRefund = {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  destination_details: { card: { reference: string; reference_status: "available"; reference_type: "acquirer_reference_number"; type: "refund" }; type: "card" };
  failure_balance_transaction?: string;
  failure_reason?: (typeof REFUND_FAILURE_REASONS)[number];
  metadata: Record<string, string>;
  payment_intent: string;
  payment_method: string;
  reason: (typeof REFUND_REASONS)[number] | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: "succeeded" | "failed";
  transfer_reversal: null;
};

/** The countries Stripe ships to (ShippingAddressCollection.AllowedCountry in the SDK's types). */
const SHIPPING_COUNTRIES = new Set(
  (
    "AC AD AE AF AG AI AL AM AO AQ AR AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CD CF CG CH CI CK CL CM CN CO CR CV CW CY CZ " +
    "DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IS IT " +
    "JE JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MK ML MM MN MO MQ MR MS MT MU MV MW MX MY MZ NA NC NE NG NI " +
    "NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SZ TA TC TD TF TG " +
    "TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VN VU WF WS XK YE YT ZA ZM ZW ZZ"
  ).split(" "),
);

const MIN_AMOUNT: Record<string, number> = { inr: 50, usd: 50, eur: 50, gbp: 30 };
const MAX_AMOUNT = 99_999_999;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

const json = (status: number, body: unknown, headers: Record<string, string> = {}): EmulatorResponse => ({
  status,
  headers: { "content-type": "application/json", "request-id": `req_${token(14)}`, ...headers },
  body: JSON.stringify(body),
});

/** Stripe's error body. */
const stripeError = (status: number, type: string, message: string, extra: Record<string, string> = {}) => json(status, { error: { type, message, ...extra } });
const invalid = (message: string, param?: string) => stripeError(400, "invalid_request_error", message, param ? { param } : {});

function token(length: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join("");
}

/** Stripe's form encoding (`a[b][0][c]=v`, as the SDK writes it) into nested objects and lists. */
export function parseStripeForm(body: string): Dict {
  const root: Dict = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const head = /^[^[]+/.exec(rawKey)?.[0];
    if (!head) continue;
    const path = [head, ...Array.from(rawKey.slice(head.length).matchAll(/\[([^\]]*)\]/g), (m) => m[1]!)];
    let node: Dict | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const key = path[i]!;
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d*$/.test(path[i + 1]!);
      const slot = Array.isArray(node) ? (key === "" ? node.length : Number(key)) : key;
      const holder = node as Record<string | number, FormValue>;
      if (last) {
        holder[slot] = value;
      } else {
        holder[slot] ??= nextIsIndex ? [] : {};
        node = holder[slot] as Dict | FormValue[];
      }
    }
  }
  return root;
}

const str = (value: FormValue | undefined): string | undefined => (typeof value === "string" ? value : undefined);
const dict = (value: FormValue | undefined): Dict | undefined => (value && typeof value === "object" && !Array.isArray(value) ? value : undefined);
const list = (value: FormValue | undefined): FormValue[] | undefined => (Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : undefined);
const wholeNumber = (value: FormValue | undefined): number | undefined => {
  const text = str(value);
  return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : undefined;
};
const isUrl = (value: string) => {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

type Created = { session: EmulatedSession; lines: LineItem[]; shippingName: string | null } | { error: EmulatorResponse };

function createSession(form: Dict, origin: string, now: number): Created {
  const mode = str(form.mode);
  if (!mode) return { error: invalid("Missing required param: mode.", "mode") };
  if (mode !== "payment") return { error: invalid(`The emulator supports mode=payment only, not ${mode}.`, "mode") };
  const successUrl = str(form.success_url);
  if (!successUrl) return { error: invalid("Missing required param: success_url.", "success_url") };
  if (!isUrl(successUrl)) return { error: invalid("Not a valid URL", "success_url") };
  const cancelUrl = str(form.cancel_url) ?? null;
  if (cancelUrl !== null && !isUrl(cancelUrl)) return { error: invalid("Not a valid URL", "cancel_url") };

  const rawLines = list(form.line_items);
  if (!rawLines || rawLines.length === 0) return { error: invalid("line_items is required in payment mode.", "line_items") };
  if (rawLines.length > 100) return { error: invalid("line_items may contain at most 100 items.", "line_items") };
  const lines: LineItem[] = [];
  for (const [index, raw] of rawLines.entries()) {
    const param = `line_items[${index}]`;
    const item = dict(raw);
    const priceData = dict(item?.price_data);
    if (!item || !priceData) return { error: invalid(`You must specify either price or price_data in ${param}.`, param) };
    const quantity = wholeNumber(item.quantity);
    if (quantity === undefined) return { error: invalid(`Missing required param: ${param}[quantity].`, `${param}[quantity]`) };
    if (quantity < 1 || quantity > 999_999) return { error: invalid(`Invalid integer: ${str(item.quantity)}`, `${param}[quantity]`) };
    const currency = str(priceData.currency)?.toLowerCase();
    if (!currency) return { error: invalid(`Missing required param: ${param}[price_data][currency].`, `${param}[price_data][currency]`) };
    const unitAmount = wholeNumber(priceData.unit_amount);
    if (unitAmount === undefined || unitAmount < 0) return { error: invalid(`Invalid non-negative integer`, `${param}[price_data][unit_amount]`) };
    const product = dict(priceData.product_data);
    const name = str(product?.name);
    if (!name) return { error: invalid(`Missing required param: ${param}[price_data][product_data][name].`, `${param}[price_data][product_data][name]`) };
    const images = (list(product?.images) ?? []).map(str);
    if (images.length > 8 || images.some((url) => !url || !isUrl(url))) {
      return { error: invalid("Each image must be a URL; at most 8.", `${param}[price_data][product_data][images]`) };
    }
    lines.push({ id: `li_${token(24)}`, name, images: images as string[], unitAmount, quantity, currency });
  }
  const currency = str(form.currency)?.toLowerCase() ?? lines[0]!.currency;
  if (lines.some((line) => line.currency !== currency)) return { error: invalid("All line items must use the same currency.", "line_items") };

  let shipping: { amount: number; name: string; rate: string } | null = null;
  const rawShipping = list(form.shipping_options) ?? [];
  if (rawShipping.length > 5) return { error: invalid("At most 5 shipping options.", "shipping_options") };
  for (const [index, raw] of rawShipping.entries()) {
    const param = `shipping_options[${index}][shipping_rate_data]`;
    const data = dict(dict(raw)?.shipping_rate_data);
    const fixed = dict(data?.fixed_amount);
    const amount = wholeNumber(fixed?.amount);
    const displayName = str(data?.display_name);
    if (!data || str(data.type) !== "fixed_amount" || !fixed) return { error: invalid("Only fixed_amount shipping_rate_data is supported.", param) };
    if (!displayName) return { error: invalid(`Missing required param: ${param}[display_name].`, `${param}[display_name]`) };
    if (amount === undefined || amount < 0) return { error: invalid("Invalid non-negative integer", `${param}[fixed_amount][amount]`) };
    if (str(fixed.currency)?.toLowerCase() !== currency) return { error: invalid("The shipping rate's currency must match the session's.", `${param}[fixed_amount][currency]`) };
    shipping ??= { amount, name: displayName, rate: `shr_${token(24)}` };
  }

  const subtotal = lines.reduce((sum, line) => sum + line.unitAmount * line.quantity, 0);
  const total = subtotal + (shipping?.amount ?? 0);
  const minimum = MIN_AMOUNT[currency] ?? 50;
  if (total < minimum) {
    return { error: invalid(`The Checkout Session's total amount due must add up to at least ${minimum} ${currency} (in the currency's smallest unit).`, "line_items") };
  }
  if (total > MAX_AMOUNT) return { error: invalid(`The Checkout Session's total amount due must be no more than ${MAX_AMOUNT} ${currency} (in the currency's smallest unit).`, "line_items") };

  const nowSeconds = Math.floor(now / 1000);
  const expiresAt = wholeNumber(form.expires_at) ?? nowSeconds + 24 * 3600;
  // Stripe's bounds, exactly: a session must be payable for at least 30 minutes.
  if (expiresAt < nowSeconds + 30 * 60 || expiresAt > nowSeconds + 24 * 3600) {
    return { error: invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "expires_at") };
  }
  const email = str(form.customer_email) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { error: invalid("Invalid email address: " + email, "customer_email") };
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(dict(form.metadata) ?? {})) {
    if (typeof value !== "string") return { error: invalid("Metadata values must be strings.", `metadata[${key}]`) };
    metadata[key] = value;
  }

  let shippingAddressCollection: EmulatedSession["shipping_address_collection"] = null;
  if (form.shipping_address_collection !== undefined && form.shipping_address_collection !== "") {
    const collection = dict(form.shipping_address_collection);
    if (!collection) return { error: invalid("Invalid object", "shipping_address_collection") };
    const countries = list(collection.allowed_countries);
    if (!countries || countries.length === 0) {
      return { error: invalid("Missing required param: shipping_address_collection[allowed_countries].", "shipping_address_collection[allowed_countries]") };
    }
    const allowed: string[] = [];
    for (const [index, raw] of countries.entries()) {
      const code = str(raw);
      const param = `shipping_address_collection[allowed_countries][${index}]`;
      if (!code || !SHIPPING_COUNTRIES.has(code)) return { error: invalid(`Invalid ${param}: must be one of ${[...SHIPPING_COUNTRIES].join(", ")}`, param) };
      if (!allowed.includes(code)) allowed.push(code);
    }
    shippingAddressCollection = { allowed_countries: allowed };
  }
  let phoneNumberCollection = false;
  if (form.phone_number_collection !== undefined && form.phone_number_collection !== "") {
    const collection = dict(form.phone_number_collection);
    if (!collection) return { error: invalid("Invalid object", "phone_number_collection") };
    const enabled = str(collection.enabled);
    if (enabled === undefined) return { error: invalid("Missing required param: phone_number_collection[enabled].", "phone_number_collection[enabled]") };
    if (enabled !== "true" && enabled !== "false") return { error: invalid(`Invalid boolean: ${enabled}`, "phone_number_collection[enabled]") };
    phoneNumberCollection = enabled === "true";
  }

  const id = `cs_test_${token(58)}`;
  const session: EmulatedSession = {
    id,
    object: "checkout.session",
    amount_subtotal: subtotal,
    amount_total: total,
    cancel_url: cancelUrl,
    client_reference_id: str(form.client_reference_id) ?? null,
    collected_information: null,
    created: nowSeconds,
    currency,
    customer_details: null,
    customer_email: email,
    expires_at: expiresAt,
    livemode: false,
    metadata,
    mode: "payment",
    payment_intent: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    phone_number_collection: { enabled: phoneNumberCollection },
    shipping_address_collection: shippingAddressCollection,
    shipping_cost: shipping ? { amount_subtotal: shipping.amount, amount_tax: 0, amount_total: shipping.amount, shipping_rate: shipping.rate } : null,
    shipping_options: shipping ? [{ shipping_amount: shipping.amount, shipping_rate: shipping.rate }] : [],
    status: "open",
    success_url: successUrl,
    total_details: { amount_discount: 0, amount_shipping: shipping?.amount ?? 0, amount_tax: 0 },
    url: `${origin}/stripe/pay/${id}`,
  };
  return { session, lines, shippingName: shipping?.name ?? null };
}

/** Stripe's signature header for `payload` at `timestamp` (seconds). */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const DECLINES: Record<string, string> = {
  "4000000000000002": "Your card was declined.",
  "4000000000000069": "Your card has expired.",
  "4000000000009995": "Your card has insufficient funds.",
};

const cardDigits = (form: URLSearchParams) => (form.get("cardNumber") ?? "").replace(/[\s-]/g, "");

/** What is wrong with the card form as entered (number, expiry, CVC, name), or null. */
function checkCardDetails(form: URLSearchParams, now: Date): string | null {
  const number = cardDigits(form);
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return "Your card number is invalid.";
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.get("cardExpiry") ?? "");
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return "Your card's expiration year is in the past.";
  if (!/^\d{3,4}$/.test((form.get("cardCvc") ?? "").trim())) return "Your card's security code is incomplete.";
  if (!(form.get("cardName") ?? "").trim()) return "Enter the name on the card.";
  return null;
}

/** The hosted page's delivery fields, named as Stripe's own page names them, in the page's order. */
const FIELD = {
  name: "shippingName",
  country: "shippingCountry",
  line1: "shippingAddressLine1",
  line2: "shippingAddressLine2",
  city: "shippingLocality",
  state: "shippingAdministrativeArea",
  postalCode: "shippingPostalCode",
  phone: "phoneNumber",
} as const;
type FieldName = (typeof FIELD)[keyof typeof FIELD];

const LABEL: Record<FieldName, string> = {
  shippingName: "Full name",
  shippingCountry: "Country",
  shippingAddressLine1: "Address line 1",
  shippingAddressLine2: "Address line 2 (optional)",
  shippingLocality: "City",
  shippingAdministrativeArea: "State",
  shippingPostalCode: "PIN code",
  phoneNumber: "Phone number",
};

/** What the hosted page says about each delivery field it refuses (India's rules for an Indian address). */
export const DELIVERY_MESSAGES = {
  name: "Enter your full name.",
  country: "Choose your country.",
  line1: "Enter your address.",
  city: "Enter your city.",
  state: "Choose your state.",
  postalCode: "Enter a valid PIN code: 6 digits, not starting with 0.",
  phone: "Enter a valid Indian mobile number (10 digits, starting with 6, 7, 8 or 9).",
  /** Outside India: any postal code, and a phone number in international form. */
  otherPostalCode: "Enter your postal code.",
  otherPhone: "Enter a valid phone number with its country code (+…).",
} as const;

/** A delivery the hosted page accepts, as its form posts it: for clients that post the page themselves. */
export const TEST_DELIVERY_FORM: Readonly<Record<FieldName, string>> = {
  shippingName: "Meera Iyer",
  shippingCountry: "IN",
  shippingAddressLine1: "12 MG Road",
  shippingAddressLine2: "",
  shippingLocality: "Bengaluru",
  shippingAdministrativeArea: "KA",
  shippingPostalCode: "560001",
  phoneNumber: "98765 43210",
};

const STATE_CODES = new Set(INDIA_STATES.map((state) => state.code));

type FieldErrors = Partial<Record<FieldName, string>>;
type CollectedDelivery = { shipping: { name: string; address: EmulatedAddress } | null; phone: string | null };

/** The delivery details the session asks for, checked all at once: each field's error, or what was collected. */
function checkDelivery(session: EmulatedSession, form: URLSearchParams): { errors: FieldErrors; collected: CollectedDelivery } {
  const errors: FieldErrors = {};
  const get = (field: FieldName) => (form.get(field) ?? "").trim();
  const countries = session.shipping_address_collection?.allowed_countries;
  // One country: the page's select has only it (a client posting the form may leave it out).
  const country = countries ? (countries.length === 1 ? countries[0]! : get(FIELD.country)) : "IN";
  let shipping: CollectedDelivery["shipping"] = null;
  if (countries) {
    const name = get(FIELD.name);
    const line1 = get(FIELD.line1);
    const line2 = get(FIELD.line2);
    const city = get(FIELD.city);
    const state = get(FIELD.state);
    const postalCode = get(FIELD.postalCode).replace(/\s/g, "");
    if (!name) errors[FIELD.name] = DELIVERY_MESSAGES.name;
    if (!countries.includes(country)) errors[FIELD.country] = DELIVERY_MESSAGES.country;
    if (!line1) errors[FIELD.line1] = DELIVERY_MESSAGES.line1;
    if (!city) errors[FIELD.city] = DELIVERY_MESSAGES.city;
    if (country === "IN") {
      if (!STATE_CODES.has(state)) errors[FIELD.state] = DELIVERY_MESSAGES.state;
      if (!PIN_CODE.test(postalCode)) errors[FIELD.postalCode] = DELIVERY_MESSAGES.postalCode;
    } else if (!postalCode) {
      errors[FIELD.postalCode] = DELIVERY_MESSAGES.otherPostalCode;
    }
    shipping = { name, address: { city, country, line1, line2: line2 || null, postal_code: postalCode, state: state || null } };
  }
  let phone: string | null = null;
  if (session.phone_number_collection.enabled) {
    const entered = get(FIELD.phone);
    const international = entered.replace(/[\s()-]/g, "");
    phone = country === "IN" ? indianMobile(entered) : /^\+[1-9]\d{6,14}$/.test(international) ? international : null;
    if (!phone) errors[FIELD.phone] = country === "IN" ? DELIVERY_MESSAGES.phone : DELIVERY_MESSAGES.otherPhone;
  }
  return { errors, collected: { shipping, phone } };
}

function rupees(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency.toUpperCase(), maximumFractionDigits: 2 }).format(amount / 100);
}

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

type PageErrors = { card?: string | null; fields?: FieldErrors };

function payPage(session: EmulatedSession, lines: LineItem[], shippingName: string | null, form?: URLSearchParams, errors: PageErrors = {}): string {
  const money = (amount: number) => escapeHtml(rupees(amount, session.currency));
  const value = (name: string) => escapeHtml(form?.get(name) ?? "");
  const rows = lines
    .map(
      (line) => `<li class="line"><span>${escapeHtml(line.name)} <span class="qty">× ${line.quantity}</span></span><span>${money(line.unitAmount * line.quantity)}</span></li>`,
    )
    .join("");
  const closed =
    session.status !== "open"
      ? `<p class="notice" role="status">${session.status === "complete" ? "This payment is complete." : "This payment page has expired."}</p>`
      : "";

  const error = errors.card ?? null;
  const fieldErrors = errors.fields ?? {};
  const invalid = (Object.values(FIELD) as FieldName[]).filter((field) => fieldErrors[field]);
  // Each refused field: marked invalid, described by its own message (announced), the first focused.
  const state = (field: FieldName) =>
    fieldErrors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"${field === invalid[0] ? " autofocus" : ""}` : "";
  const fieldError = (field: FieldName) => (fieldErrors[field] ? `<p class="field-error" role="alert" id="${field}-error">${escapeHtml(fieldErrors[field])}</p>` : "");
  const input = (field: FieldName, autocomplete: string, extra = "") =>
    `<label for="${field}">${LABEL[field]}</label><input id="${field}" name="${field}" autocomplete="${autocomplete}" value="${value(field)}"${extra}${state(field)}>${fieldError(field)}`;
  const phoneInput = session.phone_number_collection.enabled ? input(FIELD.phone, "tel", ' type="tel" inputmode="tel" placeholder="98765 43210" required') : "";
  const summaryLinks = [...invalid.map((field) => `<a href="#${field}">${LABEL[field]}</a>`), ...(invalid.length > 0 && error ? ['<a href="#cardNumber">Card details</a>'] : [])];
  const summary = summaryLinks.length
    ? `<div class="error" role="alert" id="form-errors"><p>Check ${summaryLinks.length === 1 ? "this field" : `these ${summaryLinks.length} fields`}: ${summaryLinks.join(", ")}.</p></div>`
    : "";

  const countries = session.shipping_address_collection?.allowed_countries;
  let shippingHtml = "";
  if (countries) {
    const chosenCountry = form?.get(FIELD.country) ?? countries[0];
    const chosenState = form?.get(FIELD.state) ?? "";
    shippingHtml = `<h2>Shipping information</h2>
${input(FIELD.name, "name", " required")}
<label for="${FIELD.country}">${LABEL[FIELD.country]}</label><select id="${FIELD.country}" name="${FIELD.country}" autocomplete="country" required${state(FIELD.country)}>${countries
      .map((code) => `<option value="${escapeHtml(code)}"${code === chosenCountry ? " selected" : ""}>${escapeHtml(countryName(code))}</option>`)
      .join("")}</select>${fieldError(FIELD.country)}
${input(FIELD.line1, "address-line1", " required")}
${input(FIELD.line2, "address-line2")}
${input(FIELD.city, "address-level2", " required")}
<div class="row"><div><label for="${FIELD.state}">${LABEL[FIELD.state]}</label><select id="${FIELD.state}" name="${FIELD.state}" autocomplete="address-level1" required${state(FIELD.state)}><option value="">Select…</option>${INDIA_STATES.map(
      (option) => `<option value="${option.code}"${option.code === chosenState ? " selected" : ""}>${escapeHtml(option.name)}</option>`,
    ).join("")}</select>${fieldError(FIELD.state)}</div>
<div>${input(FIELD.postalCode, "postal-code", ' inputmode="numeric" required')}</div></div>
${phoneInput}`;
  }

  const formHtml =
    session.status === "open"
      ? `<form method="post" action="/stripe/pay/${escapeHtml(session.id)}" novalidate>
${summary}${shippingHtml}
<h2>Pay with card</h2>
${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ""}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(form?.get("email") ?? session.customer_email ?? "")}">
${countries ? "" : phoneInput}
<label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${value("cardNumber")}" required${error ? ' aria-describedby="card-error" aria-invalid="true"' : ""}>
<div class="row"><div><label for="cardExpiry">Expiry (MM / YY)</label><input id="cardExpiry" name="cardExpiry" autocomplete="cc-exp" placeholder="MM / YY" value="${value("cardExpiry")}" required></div>
<div><label for="cardCvc">CVC</label><input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="${value("cardCvc")}" required></div></div>
<label for="cardName">Name on card</label><input id="cardName" name="cardName" autocomplete="cc-name" value="${value("cardName")}" required>
<button type="submit">Pay ${money(session.amount_total)}</button>
${session.cancel_url ? `<a class="cancel" href="${escapeHtml(session.cancel_url)}">Cancel</a>` : ""}
<p class="hint">Test mode. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry, any CVC.</p>
</form>`
      : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pay ${money(session.amount_total)} · Checkout (test mode)</title>
<style>
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1a1f36;background:#f6f9fc}
main{max-width:60rem;margin:0 auto;padding:1.5rem 1rem;display:grid;gap:2rem}@media(min-width:48rem){main{grid-template-columns:1fr 1fr;padding-top:4rem}}
.badge{display:inline-block;background:#ffde92;color:#5b3b00;border-radius:4px;padding:0 .4rem;font-size:.75rem;font-weight:600;margin-left:.5rem}
h1{font-size:1rem;color:#4f566b;margin:0}.total{font-size:2rem;font-weight:700;margin:.25rem 0 1.5rem}
ul{list-style:none;padding:0;margin:0}.line,.sum{display:flex;justify-content:space-between;gap:1rem;padding:.5rem 0;border-bottom:1px solid #e3e8ee}.qty{color:#4f566b}
.sum.grand{font-weight:700;border:0}form{background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 2px 5px rgba(60,66,87,.12)}
h2{font-size:1.1rem;margin:0 0 1rem}label{display:block;font-size:.85rem;color:#3c4257;margin:.75rem 0 .25rem}
input,select{width:100%;padding:.6rem .75rem;border:1px solid #cfd7df;border-radius:6px;font:inherit;background:#fff;color:inherit}input:focus,select:focus{outline:2px solid #635bff;outline-offset:1px}
[aria-invalid=true]{border-color:#c0123c}.field-error{color:#9b1c1c;font-size:.85rem;margin:.25rem 0 0}.error p{margin:0}.error a{color:inherit}form h2~h2{margin-top:1.5rem}select{height:2.75rem}#form-errors{margin-bottom:1rem}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}.row>*{min-width:0}
button{margin-top:1.25rem;width:100%;padding:.75rem;border:0;border-radius:6px;background:#635bff;color:#fff;font:600 1rem system-ui,sans-serif;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1a1f36;outline-offset:2px}
.cancel{display:block;text-align:center;margin-top:.75rem;color:#4f566b}.error{background:#fde8e8;color:#9b1c1c;padding:.5rem .75rem;border-radius:6px}
.hint{font-size:.8rem;color:#4f566b;margin:1rem 0 0}.notice{background:#fff;padding:1rem;border-radius:8px}
</style></head><body><main>
<section aria-labelledby="summary"><h1 id="summary">Volt Electronics<span class="badge">TEST MODE</span></h1>
<p class="total" data-testid="pay-total">${money(session.amount_total)}</p>
<ul aria-label="Order summary">${rows}
<li class="sum"><span>Subtotal</span><span>${money(session.amount_subtotal)}</span></li>
<li class="sum"><span>${escapeHtml(shippingName ?? "Shipping")}</span><span data-testid="pay-shipping">${money(session.total_details.amount_shipping)}</span></li>
<li class="sum grand"><span>Total due</span><span>${money(session.amount_total)}</span></li></ul></section>
<section>${closed}${formHtml}</section>
</main></body></html>`;
}

const html = (status: number, body: string): EmulatorResponse => ({
  status,
  headers: {
    "content-type": "text/html; charset=utf-8",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src * data:",
  },
  body,
});

/** What made an event: the API request (its id and Idempotency-Key), as an event's `request` says. */
type RequestInfo = { id: string | null; idempotency_key: string | null };

/** Stripe's error with a `code` (and its doc_url), e.g. resource_missing, amount_too_large. */
const coded = (status: number, code: string, message: string, param?: string) =>
  stripeError(status, "invalid_request_error", message, { code, doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}`, ...(param ? { param } : {}) });
const missing = (kind: string, id: string, param: string) => coded(404, "resource_missing", `No such ${kind}: '${id}'`, param);

/** The parameters POST /v1/refunds takes (the ones for other payment methods are accepted and ignored). */
const REFUND_PARAMS = new Set(["amount", "charge", "payment_intent", "reason", "metadata", "expand", "currency", "customer", "instructions_email", "origin", "refund_application_fee", "reverse_transfer"]);

/** `metadata[…]` as Stripe takes it on top of `base`: an empty value unsets its key, an empty `metadata` unsets all. */
function readMetadata(value: FormValue | undefined, base: Record<string, string> = {}): { metadata: Record<string, string> } | { error: EmulatorResponse } {
  if (value === undefined) return { metadata: { ...base } };
  if (value === "") return { metadata: {} };
  const given = dict(value);
  if (!given) return { error: invalid("Invalid object", "metadata") };
  const metadata = { ...base };
  for (const [key, entry] of Object.entries(given)) {
    if (typeof entry !== "string") return { error: invalid("Metadata values must be strings.", `metadata[${key}]`) };
    if (key.length > 40) return { error: invalid("Metadata keys can have a maximum length of 40 characters.", `metadata[${key}]`) };
    if (entry.length > 500) return { error: invalid("Metadata values can have a maximum length of 500 characters.", `metadata[${key}]`) };
    if (entry === "") delete metadata[key];
    else metadata[key] = entry;
  }
  if (Object.keys(metadata).length > 50) return { error: invalid("Metadata can have up to 50 keys.", "metadata") };
  return { metadata };
}

/** The `expand[]` asked for, or Stripe's error for a field that cannot be expanded here. */
function expansions(query: Dict, allowed: string[]): string[] | EmulatorResponse {
  const asked = (list(query.expand) ?? (query.expand === undefined ? [] : [query.expand])).map((value) => str(value) ?? "");
  const refused = asked.find((field) => !allowed.includes(field));
  return refused === undefined ? asked : invalid(`This property cannot be expanded (${refused}).`, "expand");
}

function cardBrand(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "unknown";
}

/** An inspection route's body: JSON (its values as strings) or a form; null when it is not readable. */
function inspectionBody(request: EmulatorRequest): Dict | null {
  const text = request.body.toString("utf8");
  if (!/json/i.test(request.headers["content-type"] ?? "")) return parseStripeForm(text);
  try {
    const parsed: unknown = JSON.parse(text || "{}");
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== null && value !== undefined).map(([key, value]) => [key, String(value)]));
  } catch {
    return null;
  }
}

/** Routes of one Stripe emulator, with its own sessions, payments, refunds and events. */
export function stripeRoutes(options: StripeEmulatorOptions = {}): EmulatorRoute[] {
  const sessions = new Map<string, { session: EmulatedSession; lines: LineItem[]; shippingName: string | null }>();
  const paymentIntents = new Map<string, EmulatedPaymentIntent>();
  const charges = new Map<string, EmulatedCharge>();
  /** In the order made (lists give the newest first). */
  const refunds = new Map<string, EmulatedRefund>();
  const idempotency = new Map<string, { path: string; body: string; answer: EmulatorResponse }>();
  const events: EmulatedEvent[] = [];
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  async function deliver(event: EmulatedEvent, attempt: number): Promise<void> {
    if (!options.webhookUrl || !options.webhookSecret) return;
    const delivery: Delivery = { at: new Date().toISOString(), status: null };
    event.deliveries.push(delivery);
    const started = performance.now();
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signPayload(event.payload, options.webhookSecret), "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: event.payload,
        signal: AbortSignal.timeout(30_000),
      });
      delivery.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      delivery.ms = Math.round((performance.now() - started) * 100) / 100;
      if (response.ok) {
        event.delivered = true;
        return;
      }
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    const delay = retryDelays[attempt];
    if (delay !== undefined) setTimeout(() => void deliver(event, attempt + 1), delay).unref();
  }

  /** Sends `object` as it is now (the payload is written at once); `previous`: the changed fields' old values. */
  function emit(type: string, object: { id: string; object: string }, extra: { previous?: Record<string, unknown>; request?: RequestInfo } = {}): EmulatedEvent {
    const created = Math.floor(Date.now() / 1000);
    const id = `evt_${token(24)}`;
    const data = extra.previous ? { object, previous_attributes: extra.previous } : { object };
    const request = extra.request ?? { id: null, idempotency_key: null };
    const payload = JSON.stringify({ id, object: "event", api_version: "2026-10-28.endive", created, data, livemode: false, pending_webhooks: 1, request, type }, null, 2);
    const event: EmulatedEvent = { id, type, created, payload, deliveries: [], delivered: false };
    events.push(event);
    void deliver(event, 0);
    return event;
  }

  function authorized(request: EmulatorRequest): EmulatorResponse | null {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1];
    if (!bearer) return stripeError(401, "invalid_request_error", "You did not provide an API key.");
    if (!/^(sk|rk)_(test|live)_/.test(bearer)) return stripeError(401, "invalid_request_error", `Invalid API Key provided: ${bearer.slice(0, 8)}***`);
    return null;
  }

  /**
   * Stripe's Idempotency-Key: the first answer (below 500) is kept for the key; the same key with the
   * same endpoint and body gets it again (`idempotent-replayed: true`) without running anything, with
   * another body or endpoint Stripe's idempotency_error.
   */
  function idempotent(request: EmulatorRequest, run: (body: string, key: string | null) => EmulatorResponse): EmulatorResponse {
    const header = request.headers["idempotency-key"];
    const key = typeof header === "string" && header ? header : null;
    const body = request.body.toString("utf8");
    if (key === null) return run(body, null);
    const seen = idempotency.get(key);
    if (seen) {
      if (seen.path !== request.path) {
        return stripeError(400, "idempotency_error", `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${seen.path}' vs '${request.path}'). Try using a key other than '${key}' if you meant to execute a different request.`);
      }
      if (seen.body !== body) {
        return stripeError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
      }
      return { ...seen.answer, headers: { ...seen.answer.headers, "idempotent-replayed": "true" } };
    }
    const answer = run(body, key);
    if (answer.status < 500) idempotency.set(key, { path: request.path, body, answer });
    return answer;
  }

  /** A paid session's PaymentIntent and Charge, paid with the card on the hosted page's form. */
  function recordPayment(session: EmulatedSession, form: URLSearchParams): EmulatedPaymentIntent {
    const created = Math.floor(Date.now() / 1000);
    const id = `pi_${token(24)}`;
    const chargeId = `ch_${token(24)}`;
    const paymentMethod = `pm_${token(24)}`;
    const digits = cardDigits(form);
    const expiry = /(\d{1,2})\s*\/\s*(\d{2})/.exec(form.get("cardExpiry") ?? "");
    const details = session.customer_details;
    charges.set(chargeId, {
      id: chargeId,
      object: "charge",
      amount: session.amount_total,
      amount_captured: session.amount_total,
      amount_refunded: 0,
      balance_transaction: `txn_${token(24)}`,
      billing_details: { address: details?.address ?? null, email: details?.email ?? null, name: details?.name ?? null, phone: details?.phone ?? null },
      captured: true,
      created,
      currency: session.currency,
      customer: null,
      description: null,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: {},
      paid: true,
      payment_intent: id,
      payment_method: paymentMethod,
      payment_method_details: {
        type: "card",
        card: { brand: cardBrand(digits), country: "US", exp_month: Number(expiry?.[1] ?? 12), exp_year: 2000 + Number(expiry?.[2] ?? 34), funding: "credit", last4: digits.slice(-4) },
      },
      receipt_email: details?.email ?? null,
      receipt_url: `https://pay.stripe.com/receipts/payment/${token(64)}`,
      refunded: false,
      status: "succeeded",
    });
    const intent: EmulatedPaymentIntent = {
      id,
      object: "payment_intent",
      amount: session.amount_total,
      amount_capturable: 0,
      amount_received: session.amount_total,
      capture_method: "automatic_async",
      client_secret: `${id}_secret_${token(25)}`,
      confirmation_method: "automatic",
      created,
      currency: session.currency,
      customer: null,
      description: null,
      last_payment_error: null,
      latest_charge: chargeId,
      livemode: false,
      metadata: {},
      payment_method: paymentMethod,
      payment_method_types: ["card"],
      receipt_email: details?.email ?? null,
      status: "succeeded",
    };
    paymentIntents.set(id, intent);
    return intent;
  }

  const refundList = (filter: (refund: EmulatedRefund) => boolean, url: string) => {
    const data = [...refunds.values()].filter(filter).reverse();
    return { object: "list" as const, data, has_more: false, url };
  };
  const chargeWith = (charge: EmulatedCharge, expand: string[]) =>
    expand.includes("refunds") ? { ...charge, refunds: refundList((refund) => refund.charge === charge.id, `/v1/charges/${charge.id}/refunds`) } : charge;

  /**
   * POST /v1/refunds: checked as Stripe checks it (the parameters first, then what they name, then
   * what is left on the charge); a refund on a card succeeds at once, and charge.refunded and
   * refund.created are sent.
   */
  function createRefund(form: Dict, request: RequestInfo): EmulatorResponse {
    for (const key of Object.keys(form)) {
      if (!REFUND_PARAMS.has(key)) return coded(400, "parameter_unknown", `Received unknown parameter: ${key}`, key);
    }
    let amount: number | undefined;
    if (form.amount !== undefined) {
      const text = str(form.amount) ?? "";
      if (!/^\d+$/.test(text) || Number(text) < 1) return coded(400, "parameter_invalid_integer", "Invalid positive integer", "amount");
      amount = Number(text);
    }
    let reason: EmulatedRefund["reason"] = null;
    if (form.reason !== undefined && form.reason !== "") {
      const given = str(form.reason);
      reason = REFUND_REASONS.find((known) => known === given) ?? null;
      if (!reason) return invalid(`Invalid reason: must be one of ${REFUND_REASONS.slice(0, -1).join(", ")}, or ${REFUND_REASONS.at(-1)}`, "reason");
    }
    const read = readMetadata(form.metadata);
    if ("error" in read) return read.error;
    const intentId = str(form.payment_intent) || undefined;
    const chargeId = str(form.charge) || undefined;
    if (!intentId && !chargeId) return coded(400, "parameter_missing", "One of the following params should be provided for this request: payment_intent or charge.");
    const intent = intentId === undefined ? undefined : paymentIntents.get(intentId);
    if (intentId !== undefined && !intent) return missing("payment_intent", intentId, "payment_intent");
    const charge = charges.get(chargeId ?? intent!.latest_charge);
    if (!charge) return missing("charge", chargeId!, "charge");
    if (intent && charge.payment_intent !== intent.id) return invalid(`The charge ${charge.id} does not belong to the payment_intent ${intent.id}.`, "charge");

    const left = charge.amount - charge.amount_refunded;
    if (left <= 0) return coded(400, "charge_already_refunded", `Charge ${charge.id} has already been refunded.`);
    if (amount !== undefined && amount > left) {
      return coded(400, "amount_too_large", `Refund amount (${rupees(amount, charge.currency)}) is greater than unrefunded amount on charge (${rupees(left, charge.currency)})`, "amount");
    }
    const refund: EmulatedRefund = {
      id: `re_${token(24)}`,
      object: "refund",
      amount: amount ?? left,
      balance_transaction: `txn_${token(24)}`,
      charge: charge.id,
      created: Math.floor(Date.now() / 1000),
      currency: charge.currency,
      destination_details: { card: { reference: String(randomBytes(6).readUIntBE(0, 6)).padStart(15, "0").slice(-15), reference_status: "available", reference_type: "acquirer_reference_number", type: "refund" }, type: "card" },
      metadata: read.metadata,
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason,
      receipt_number: null,
      source_transfer_reversal: null,
      status: "succeeded",
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    const previous: Record<string, unknown> = { amount_refunded: charge.amount_refunded };
    charge.amount_refunded += refund.amount;
    if (charge.amount_refunded >= charge.amount) {
      previous.refunded = charge.refunded;
      charge.refunded = true;
    }
    emit("charge.refunded", charge, { previous, request });
    emit("refund.created", refund, { request });
    return json(200, refund, request.id ? { "request-id": request.id } : {});
  }

  /** GET /v1/refunds: the newest first, filtered by payment_intent or charge, paged as Stripe pages. */
  function listRefunds(query: Dict): EmulatorResponse {
    const intentId = str(query.payment_intent);
    const chargeId = str(query.charge);
    if (intentId && !paymentIntents.has(intentId)) return missing("payment_intent", intentId, "payment_intent");
    if (chargeId && !charges.has(chargeId)) return missing("charge", chargeId, "charge");
    let limit = 10;
    if (query.limit !== undefined) {
      const given = wholeNumber(query.limit);
      if (given === undefined) return invalid(`Invalid integer: ${str(query.limit) ?? ""}`, "limit");
      if (given < 1) return invalid("This value must be greater than or equal to 1.", "limit");
      if (given > 100) return invalid("This value must be less than or equal to 100.", "limit");
      limit = given;
    }
    const all = refundList((refund) => (!intentId || refund.payment_intent === intentId) && (!chargeId || refund.charge === chargeId), "/v1/refunds").data;
    const after = str(query.starting_after);
    const before = str(query.ending_before);
    let from = 0;
    let to = all.length;
    for (const [param, id] of [["starting_after", after], ["ending_before", before]] as const) {
      if (!id) continue;
      const at = all.findIndex((refund) => refund.id === id);
      if (at < 0) return missing("refund", id, param);
      if (param === "starting_after") from = at + 1;
      else to = at;
    }
    const page = before && !after ? all.slice(Math.max(from, to - limit), to) : all.slice(from, Math.min(to, from + limit));
    const hasMore = before && !after ? to - limit > from : from + limit < to;
    return json(200, { object: "list", data: page, has_more: hasMore, url: "/v1/refunds" });
  }

  /** A refund that fails after it succeeded (as a card refund can, days later): its amount goes back on the charge. */
  function failRefund(refund: EmulatedRefund, reason: NonNullable<EmulatedRefund["failure_reason"]>): void {
    const charge = charges.get(refund.charge)!;
    refund.status = "failed";
    refund.failure_reason = reason;
    refund.failure_balance_transaction = `txn_${token(24)}`;
    charge.amount_refunded -= refund.amount;
    charge.refunded = false;
    emit("refund.updated", refund, { previous: { status: "succeeded" } });
    emit("refund.failed", refund, { previous: { status: "succeeded" } });
  }

  const notFound = (id: string) => stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing", param: "session" });
  const unrecognized = (request: EmulatorRequest) => stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path}).`);

  const checkoutApi = (request: EmulatorRequest): EmulatorResponse => {
    if (request.method === "POST" && request.path === "/v1/checkout/sessions") {
      return idempotent(request, (body) => {
        const origin = `http://${request.headers.host ?? "127.0.0.1"}`;
        const created = createSession(parseStripeForm(body), origin, Date.now());
        if ("error" in created) return created.error;
        sessions.set(created.session.id, created);
        return json(200, created.session);
      });
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items|\/expire)?$/.exec(request.path);
    if (!match) return unrecognized(request);
    const entry = sessions.get(decodeURIComponent(match[1]!));
    if (!entry) return notFound(match[1]!);
    if (request.method === "GET" && !match[2]) return json(200, entry.session);
    if (request.method === "GET" && match[2] === "/line_items") {
      return json(200, {
        object: "list",
        url: `/v1/checkout/sessions/${entry.session.id}/line_items`,
        has_more: false,
        data: entry.lines.map((line) => ({
          id: line.id,
          object: "item",
          amount_discount: 0,
          amount_subtotal: line.unitAmount * line.quantity,
          amount_tax: 0,
          amount_total: line.unitAmount * line.quantity,
          currency: line.currency,
          description: line.name,
          quantity: line.quantity,
          price: { id: `price_${line.id.slice(3)}`, object: "price", currency: line.currency, unit_amount: line.unitAmount, product: `prod_${line.id.slice(3, 17)}` },
        })),
      });
    }
    if (request.method === "POST" && match[2] === "/expire") {
      if (entry.session.status !== "open") return invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
      entry.session.status = "expired";
      entry.session.url = null;
      emit("checkout.session.expired", entry.session);
      return json(200, entry.session);
    }
    return stripeError(405, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path}).`);
  };

  const paymentsApi = (request: EmulatorRequest): EmulatorResponse => {
    const query = parseStripeForm(request.query.toString());
    if (request.path === "/v1/refunds") {
      if (request.method === "POST") return idempotent(request, (body, key) => createRefund(parseStripeForm(body), { id: `req_${token(14)}`, idempotency_key: key }));
      if (request.method === "GET") return listRefunds(query);
      return unrecognized(request);
    }
    const [, kind, rawId] = /^\/v1\/(payment_intents|charges|refunds)\/([^/]+)$/.exec(request.path) ?? [];
    if (!kind || !rawId) return unrecognized(request);
    const id = decodeURIComponent(rawId);
    if (kind === "payment_intents" && request.method === "GET") {
      const intent = paymentIntents.get(id);
      if (!intent) return missing("payment_intent", id, "intent");
      const expand = expansions(query, ["latest_charge"]);
      if (!Array.isArray(expand)) return expand;
      return json(200, expand.includes("latest_charge") ? { ...intent, latest_charge: charges.get(intent.latest_charge) } : intent);
    }
    if (kind === "charges" && request.method === "GET") {
      const charge = charges.get(id);
      if (!charge) return missing("charge", id, "charge");
      const expand = expansions(query, ["refunds"]);
      return Array.isArray(expand) ? json(200, chargeWith(charge, expand)) : expand;
    }
    if (kind === "refunds" && (request.method === "GET" || request.method === "POST")) {
      const refund = refunds.get(id);
      if (!refund) return missing("refund", id, "refund");
      if (request.method === "GET") {
        const expand = expansions(query, ["charge", "payment_intent"]);
        if (!Array.isArray(expand)) return expand;
        return json(200, {
          ...refund,
          ...(expand.includes("charge") ? { charge: charges.get(refund.charge) } : {}),
          ...(expand.includes("payment_intent") ? { payment_intent: paymentIntents.get(refund.payment_intent) } : {}),
        });
      }
      // An update: Stripe takes only metadata (and sends refund.updated when it changes).
      return idempotent(request, (body, key) => {
        const form = parseStripeForm(body);
        const unknown = Object.keys(form).find((param) => param !== "metadata" && param !== "expand");
        if (unknown) return coded(400, "parameter_unknown", `Received unknown parameter: ${unknown}`, unknown);
        const read = readMetadata(form.metadata, refund.metadata);
        if ("error" in read) return read.error;
        if (JSON.stringify(read.metadata) !== JSON.stringify(refund.metadata)) {
          const previous = { metadata: refund.metadata };
          refund.metadata = read.metadata;
          emit("refund.updated", refund, { previous, request: { id: `req_${token(14)}`, idempotency_key: key } });
        }
        return json(200, refund);
      });
    }
    return unrecognized(request);
  };

  const api: EmulatorRoute = (request) => {
    if (!request.path.startsWith("/v1/")) return undefined;
    const refusal = authorized(request);
    if (refusal) return refusal;
    return request.path.startsWith("/v1/checkout/sessions") ? checkoutApi(request) : paymentsApi(request);
  };

  const hostedPage: EmulatorRoute = (request) => {
    const id = /^\/stripe\/pay\/([^/]+)$/.exec(request.path)?.[1];
    if (!id) return undefined;
    const entry = sessions.get(decodeURIComponent(id));
    if (!entry) return html(404, "<!doctype html><html lang=\"en\"><title>Not found</title><main><h1>This payment page does not exist.</h1></main></html>");
    const { session, lines, shippingName } = entry;
    if (session.status === "open" && session.expires_at * 1000 < Date.now()) {
      session.status = "expired";
      emit("checkout.session.expired", session);
    }
    if (request.method === "GET") return html(200, payPage(session, lines, shippingName));
    if (request.method !== "POST") return undefined;
    if (session.status !== "open") return html(409, payPage(session, lines, shippingName));
    const form = new URLSearchParams(request.body.toString("utf8"));
    // Every field's problem at once; the card is charged (and may be declined) only when none is left.
    const delivery = checkDelivery(session, form);
    const cardProblem = checkCardDetails(form, new Date());
    if (Object.keys(delivery.errors).length > 0) return html(400, payPage(session, lines, shippingName, form, { card: cardProblem, fields: delivery.errors }));
    const problem = cardProblem ?? DECLINES[cardDigits(form)];
    if (problem) return html(402, payPage(session, lines, shippingName, form, { card: problem }));
    const { shipping, phone } = delivery.collected;
    session.status = "complete";
    session.payment_status = "paid";
    session.collected_information = { business_name: null, individual_name: null, shipping_details: shipping };
    session.customer_details = {
      address: shipping?.address ?? null,
      business_name: null,
      email: form.get("email")?.trim() || session.customer_email,
      individual_name: null,
      name: shipping?.name ?? (form.get("cardName")?.trim() || null),
      phone,
      tax_exempt: "none",
      tax_ids: [],
    };
    session.payment_intent = recordPayment(session, form).id;
    emit("checkout.session.completed", session);
    return { status: 303, headers: { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }, body: "" };
  };

  const inspect: EmulatorRoute = (request) => {
    if (request.method === "GET" && request.path === "/stripe/sessions") return json(200, [...sessions.values()].map((entry) => entry.session));
    if (request.method === "GET" && request.path === "/stripe/refunds") return json(200, [...refunds.values()]);
    if (request.method === "GET" && request.path === "/stripe/events") {
      return json(
        200,
        events.map(({ payload, ...event }) => {
          const object = (JSON.parse(payload) as { data: { object: { id: string; object: string } } }).data.object;
          return { ...event, object: object.id, ...(object.object === "checkout.session" ? { session: object.id } : {}) };
        }),
      );
    }
    const redeliver = request.method === "POST" ? /^\/stripe\/events\/([^/]+)\/redeliver$/.exec(request.path)?.[1] : undefined;
    if (redeliver) {
      const event = events.find((e) => e.id === redeliver);
      if (!event) return json(404, { error: { message: `No such event: ${redeliver}` } });
      void deliver(event, retryDelays.length);
      return json(202, { id: event.id, redelivering: true });
    }
    if (request.method === "POST" && request.path === "/stripe/dashboard-refund") {
      const body = inspectionBody(request);
      if (!body) return invalid("The body must be a JSON object or a form: { payment_intent, amount? }.");
      // As the Dashboard's Refund button makes one: no Idempotency-Key, no metadata.
      const form: Dict = {};
      for (const param of ["payment_intent", "charge", "amount", "reason"]) if (body[param] !== undefined) form[param] = body[param]!;
      return createRefund(form, { id: `req_${token(14)}`, idempotency_key: null });
    }
    const failing = request.method === "POST" ? /^\/stripe\/refunds\/([^/]+)\/fail$/.exec(request.path)?.[1] : undefined;
    if (failing) {
      const refund = refunds.get(decodeURIComponent(failing));
      if (!refund) return missing("refund", decodeURIComponent(failing), "refund");
      const given = str(inspectionBody(request)?.failure_reason) || "lost_or_stolen_card";
      const reason = REFUND_FAILURE_REASONS.find((known) => known === given);
      if (!reason) return invalid(`Invalid failure_reason: must be one of ${REFUND_FAILURE_REASONS.join(", ")}`, "failure_reason");
      if (refund.status !== "succeeded") return invalid(`Refund ${refund.id} has status ${refund.status}; only a succeeded refund can fail.`);
      failRefund(refund, reason);
      return json(200, refund);
    }
    return undefined;
  };

  return [api, hostedPage, inspect];
}
