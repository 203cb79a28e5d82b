// Checkout Sessions: POST /v1/checkout/sessions (Stripe's validation of the fields the store
// sends), GET /v1/checkout/sessions/{id} and its /line_items, POST …/{id}/expire.
import type { EmulatorRequest, EmulatorResponse } from "../http";
import { dict, invalid, isUrl, json, list, parseStripeForm, str, stripeError, token, unrecognized, wholeNumber } from "./protocol";
import type { Dict, EmulatedSession, EmulatedShipping, LineItem, SessionEntry, StripeState } from "./types";

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

type Created = SessionEntry | { error: EmulatorResponse };

/** `payment_intent_data[shipping]` as Stripe reads it: a name and an address with line1 required. */
function paymentIntentShipping(form: Dict): EmulatedShipping | null | { error: EmulatorResponse } {
  if (form.payment_intent_data === undefined || form.payment_intent_data === "") return null;
  const data = dict(form.payment_intent_data);
  if (!data) return { error: invalid("Invalid object", "payment_intent_data") };
  if (data.shipping === undefined) return null;
  const shipping = dict(data.shipping);
  const param = "payment_intent_data[shipping]";
  if (!shipping) return { error: invalid("Invalid object", param) };
  const name = str(shipping.name);
  if (!name) return { error: invalid(`Missing required param: ${param}[name].`, `${param}[name]`) };
  const address = dict(shipping.address);
  const line1 = str(address?.line1);
  if (!address || !line1) return { error: invalid(`Missing required param: ${param}[address][line1].`, `${param}[address][line1]`) };
  return {
    name,
    phone: str(shipping.phone) ?? null,
    address: { line1, line2: str(address.line2) ?? null, city: str(address.city) ?? "", state: str(address.state) ?? null, postal_code: str(address.postal_code) ?? "", country: str(address.country) ?? "" },
  };
}

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

  const intentShipping = paymentIntentShipping(form);
  if (intentShipping && "error" in intentShipping) return intentShipping;

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
  return { session, lines, shippingName: shipping?.name ?? null, paymentIntentShipping: intentShipping };
}

/** The Checkout Sessions API of one emulator. */
export function checkoutSessionsApi(state: StripeState): (request: EmulatorRequest) => EmulatorResponse {
  const { sessions, emit, idempotent } = state;
  const notFound = (id: string) => stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing", param: "session" });

  return (request: EmulatorRequest): EmulatorResponse => {
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
}
