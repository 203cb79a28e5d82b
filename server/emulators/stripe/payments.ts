// PaymentIntents and Charges: a paid session's pi_… and ch_… (recordPayment, from the hosted
// page's card form), GET /v1/payment_intents/{id} (expand[]=latest_charge) and GET
// /v1/charges/{id} (expand[]=refunds, from the refunds' module).
import type { EmulatorRequest, EmulatorResponse } from "../http";
import { expansions, json, missing, parseStripeForm, token, unrecognized } from "./protocol";
import type { EmulatedCharge, EmulatedPaymentIntent, EmulatedSession, EmulatedShipping, StripeState } from "./types";

function cardBrand(digits: string): string {
  if (digits.startsWith("4")) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "unknown";
}

/** The card number as typed on the hosted page's form, digits only. */
export const cardDigits = (form: URLSearchParams) => (form.get("cardNumber") ?? "").replace(/[\s-]/g, "");

/** Records a session's payment: its PaymentIntent and Charge. */
export function paymentRecorder(state: StripeState): (session: EmulatedSession, form: URLSearchParams, shipping: EmulatedShipping | null) => EmulatedPaymentIntent {
  const { paymentIntents, charges } = state;
  /** A paid session's PaymentIntent and Charge, paid with the card on the hosted page's form. */
  function recordPayment(session: EmulatedSession, form: URLSearchParams, shipping: EmulatedShipping | null): EmulatedPaymentIntent {
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
      shipping,
      status: "succeeded",
    };
    paymentIntents.set(id, intent);
    return intent;
  }
  return recordPayment;
}

/** GET /v1/payment_intents/{id} and GET /v1/charges/{id}; undefined for another path. */
export function paymentsApi(state: StripeState, chargeWith: (charge: EmulatedCharge, expand: string[]) => unknown): (request: EmulatorRequest) => EmulatorResponse | undefined {
  const { paymentIntents, charges } = state;
  return (request) => {
    const [, kind, rawId] = /^\/v1\/(payment_intents|charges)\/([^/]+)$/.exec(request.path) ?? [];
    if (!kind || !rawId) return undefined;
    const query = parseStripeForm(request.query.toString());
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
    return unrecognized(request);
  };
}
