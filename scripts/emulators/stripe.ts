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
// For tests and developers: GET /stripe/sessions (every session made), GET /stripe/events (every
// event with its deliveries), POST /stripe/events/{id}/redeliver. State is in memory.
import { createHmac, randomBytes } from "node:crypto";
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

export type EmulatedSession = {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid";
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
  if (expiresAt < nowSeconds + 30 * 60 - 60 || expiresAt > nowSeconds + 24 * 3600 + 60) {
    return { error: invalid("The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.", "expires_at") };
  }
  const email = str(form.customer_email) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { error: invalid("Invalid email address: " + email, "customer_email") };
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(dict(form.metadata) ?? {})) {
    if (typeof value !== "string") return { error: invalid("Metadata values must be strings.", `metadata[${key}]`) };
    metadata[key] = value;
  }

  const id = `cs_test_${token(58)}`;
  const session: EmulatedSession = {
    id,
    object: "checkout.session",
    amount_subtotal: subtotal,
    amount_total: total,
    cancel_url: cancelUrl,
    client_reference_id: str(form.client_reference_id) ?? null,
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
  "4000000000009995": "Your card has insufficient funds.",
  "4000000000000069": "Your card has expired.",
};

/** The card form's answer: an error to show, or none (the payment goes through). */
function checkCard(form: URLSearchParams, now: Date): string | null {
  const number = (form.get("cardNumber") ?? "").replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !luhn(number)) return "Your card number is invalid.";
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.get("cardExpiry") ?? "");
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return "Your card's expiration date is incomplete.";
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return "Your card's expiration year is in the past.";
  if (!/^\d{3,4}$/.test((form.get("cardCvc") ?? "").trim())) return "Your card's security code is incomplete.";
  if (!(form.get("cardName") ?? "").trim()) return "Enter the name on the card.";
  return DECLINES[number] ?? null;
}

function rupees(amount: number, currency: string): string {
  return new Intl.NumberFormat("en-IN", { style: "currency", currency: currency.toUpperCase(), maximumFractionDigits: 2 }).format(amount / 100);
}

function payPage(session: EmulatedSession, lines: LineItem[], shippingName: string | null, form?: URLSearchParams, error?: string): string {
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
  const formHtml =
    session.status === "open"
      ? `<form method="post" action="/stripe/pay/${escapeHtml(session.id)}" novalidate>
<h2>Pay with card</h2>
${error ? `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>` : ""}
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(form?.get("email") ?? session.customer_email ?? "")}">
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
input{width:100%;padding:.6rem .75rem;border:1px solid #cfd7df;border-radius:6px;font:inherit}input:focus{outline:2px solid #635bff;outline-offset:1px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}
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

/** Routes of one Stripe emulator, with its own sessions and events. */
export function stripeRoutes(options: StripeEmulatorOptions = {}): EmulatorRoute[] {
  const sessions = new Map<string, { session: EmulatedSession; lines: LineItem[]; shippingName: string | null }>();
  const idempotency = new Map<string, { body: string; answer: EmulatorResponse }>();
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

  function emit(type: string, session: EmulatedSession): EmulatedEvent {
    const created = Math.floor(Date.now() / 1000);
    const id = `evt_${token(24)}`;
    const payload = JSON.stringify(
      { id, object: "event", api_version: "2026-10-28.endive", created, data: { object: session }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type },
      null,
      2,
    );
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

  const notFound = (id: string) => stripeError(404, "invalid_request_error", `No such checkout.session: '${id}'`, { code: "resource_missing", param: "session" });

  const api: EmulatorRoute = (request) => {
    if (!request.path.startsWith("/v1/")) return undefined;
    const refusal = authorized(request);
    if (refusal) return refusal;

    if (request.method === "POST" && request.path === "/v1/checkout/sessions") {
      const key = request.headers["idempotency-key"];
      const body = request.body.toString("utf8");
      if (typeof key === "string" && key) {
        const seen = idempotency.get(key);
        if (seen) {
          if (seen.body !== body) {
            return stripeError(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
          }
          return { ...seen.answer, headers: { ...seen.answer.headers, "idempotent-replayed": "true" } };
        }
      }
      const origin = `http://${request.headers.host ?? "127.0.0.1"}`;
      const created = createSession(parseStripeForm(body), origin, Date.now());
      const answer = "error" in created ? created.error : json(200, created.session);
      if (!("error" in created)) sessions.set(created.session.id, created);
      if (typeof key === "string" && key && answer.status < 500) idempotency.set(key, { body, answer });
      return answer;
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/line_items|\/expire)?$/.exec(request.path);
    if (!match) return stripeError(404, "invalid_request_error", `Unrecognized request URL (${request.method}: ${request.path}).`);
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
    const problem = checkCard(form, new Date());
    if (problem) return html(402, payPage(session, lines, shippingName, form, problem));
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = `pi_${token(24)}`;
    session.customer_details = { email: form.get("email")?.trim() || session.customer_email, name: form.get("cardName")?.trim() || null };
    emit("checkout.session.completed", session);
    return { status: 303, headers: { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }, body: "" };
  };

  const inspect: EmulatorRoute = (request) => {
    if (request.method === "GET" && request.path === "/stripe/sessions") return json(200, [...sessions.values()].map((entry) => entry.session));
    if (request.method === "GET" && request.path === "/stripe/events") {
      return json(200, events.map(({ payload, ...event }) => ({ ...event, session: (JSON.parse(payload) as { data: { object: { id: string } } }).data.object.id })));
    }
    const redeliver = request.method === "POST" ? /^\/stripe\/events\/([^/]+)\/redeliver$/.exec(request.path)?.[1] : undefined;
    if (redeliver) {
      const event = events.find((e) => e.id === redeliver);
      if (!event) return json(404, { error: { message: `No such event: ${redeliver}` } });
      void deliver(event, retryDelays.length);
      return json(202, { id: event.id, redelivering: true });
    }
    return undefined;
  };

  return [api, hostedPage, inspect];
}
