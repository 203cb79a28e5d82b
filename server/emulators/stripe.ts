// The part of Stripe that the store calls, for the `stripe` SDK pointed here (host/port/protocol),
// one module per resource in stripe/ (checkout-sessions, hosted-page, payments, refunds, events;
// protocol: Stripe's API conventions; types: the objects and the emulator's state):
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
import type { EmulatorRoute } from "./http";
import { checkoutSessionsApi } from "./stripe/checkout-sessions";
import { eventSender } from "./stripe/events";
import { hostedPage } from "./stripe/hosted-page";
import { paymentRecorder, paymentsApi } from "./stripe/payments";
import { authorized, idempotency, json, unrecognized } from "./stripe/protocol";
import { refundsOf } from "./stripe/refunds";
import type { EmulatedEvent, StripeEmulatorOptions, StripeState } from "./stripe/types";

export { signPayload } from "./stripe/events";
export { DELIVERY_MESSAGES, TEST_DELIVERY_FORM } from "./stripe/hosted-page";
export { parseStripeForm } from "./stripe/protocol";
export type { EmulatedAddress, EmulatedCharge, EmulatedEvent, EmulatedPaymentIntent, EmulatedRefund, EmulatedSession, StripeEmulatorOptions } from "./stripe/types";
export { REFUND_FAILURE_REASONS, REFUND_REASONS } from "./stripe/types";

/** Routes of one Stripe emulator, with its own sessions, payments, refunds and events. */
export function stripeRoutes(options: StripeEmulatorOptions = {}): EmulatorRoute[] {
  const events: EmulatedEvent[] = [];
  const state: StripeState = {
    options,
    sessions: new Map(),
    paymentIntents: new Map(),
    charges: new Map(),
    refunds: new Map(),
    events,
    ...eventSender(options, events),
    idempotent: idempotency(),
  };
  const checkoutSessions = checkoutSessionsApi(state);
  const refunds = refundsOf(state);
  const payments = paymentsApi(state, refunds.chargeWith);

  const api: EmulatorRoute = (request) => {
    if (!request.path.startsWith("/v1/")) return undefined;
    const refusal = authorized(request);
    if (refusal) return refusal;
    if (request.path.startsWith("/v1/checkout/sessions")) return checkoutSessions(request);
    return refunds.api(request) ?? payments(request) ?? unrecognized(request);
  };

  const inspect: EmulatorRoute = (request) => {
    if (request.method === "GET" && request.path === "/stripe/sessions") return json(200, [...state.sessions.values()].map((entry) => entry.session));
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
      state.redeliver(event);
      return json(202, { id: event.id, redelivering: true });
    }
    return refunds.inspect(request);
  };

  return [api, hostedPage(state, paymentRecorder(state)), inspect];
}
