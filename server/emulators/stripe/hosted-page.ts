// The hosted payment page a session's `url` opens: GET /stripe/pay/{id} shows the lines, shipping
// and total with a test card form and, when the session asks, Stripe's delivery fields; a POST
// checks every field at once (India's rules for an Indian address), then charges the card
// (declines for the test cards), records the payment, sends checkout.session.completed and
// redirects to the success URL.
import { INDIA_STATES, indianMobile, PIN_CODE } from "../../../lib/shared/india";
import { escapeHtml, type EmulatorResponse, type EmulatorRoute } from "../http";
import { cardDigits } from "./payments";
import { rupees } from "./protocol";
import type { EmulatedAddress, EmulatedPaymentIntent, EmulatedSession, EmulatedShipping, LineItem, StripeState } from "./types";

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

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};

type PageErrors = { card?: string | null; fields?: FieldErrors };

function payPage(session: EmulatedSession, lines: LineItem[], shippingName: string | null, sentShipping: EmulatedShipping | null, form?: URLSearchParams, errors: PageErrors = {}): string {
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
  // The merchant sent the address (payment_intent_data[shipping]): shown, not asked.
  let shippingHtml = sentShipping
    ? `<h2>Shipping to</h2><p data-testid="pay-shipping-to">${[sentShipping.name, sentShipping.address.line1, sentShipping.address.line2, [sentShipping.address.city, sentShipping.address.state, sentShipping.address.postal_code].filter(Boolean).join(" ")]
        .filter(Boolean)
        .map((line) => escapeHtml(String(line)))
        .join("<br>")}</p>`
    : "";
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

/** The hosted page's route for one emulator's sessions. */
export function hostedPage(state: StripeState, recordPayment: (session: EmulatedSession, form: URLSearchParams, shipping: EmulatedShipping | null) => EmulatedPaymentIntent): EmulatorRoute {
  const { sessions, emit } = state;
  return (request) => {
    const id = /^\/stripe\/pay\/([^/]+)$/.exec(request.path)?.[1];
    if (!id) return undefined;
    const entry = sessions.get(decodeURIComponent(id));
    if (!entry) return html(404, "<!doctype html><html lang=\"en\"><title>Not found</title><main><h1>This payment page does not exist.</h1></main></html>");
    const { session, lines, shippingName, paymentIntentShipping } = entry;
    if (session.status === "open" && session.expires_at * 1000 < Date.now()) {
      session.status = "expired";
      emit("checkout.session.expired", session);
    }
    if (request.method === "GET") return html(200, payPage(session, lines, shippingName, paymentIntentShipping));
    if (request.method !== "POST") return undefined;
    if (session.status !== "open") return html(409, payPage(session, lines, shippingName, paymentIntentShipping));
    const form = new URLSearchParams(request.body.toString("utf8"));
    // Every field's problem at once; the card is charged (and may be declined) only when none is left.
    const delivery = checkDelivery(session, form);
    const cardProblem = checkCardDetails(form, new Date());
    if (Object.keys(delivery.errors).length > 0) return html(400, payPage(session, lines, shippingName, paymentIntentShipping, form, { card: cardProblem, fields: delivery.errors }));
    const problem = cardProblem ?? DECLINES[cardDigits(form)];
    if (problem) return html(402, payPage(session, lines, shippingName, paymentIntentShipping, form, { card: problem }));
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
    session.payment_intent = recordPayment(session, form, paymentIntentShipping).id;
    emit("checkout.session.completed", session);
    return { status: 303, headers: { location: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) }, body: "" };
  };
}
