// The part of Stripe that the store calls, for the `stripe` SDK pointed here (host/port/protocol):
// Checkout Sessions and their hosted payment page, PaymentIntents, Charges, Refunds, and events
// delivered to the store's webhook, signed as Stripe signs them. One module per resource in
// stripe/ (protocol.ts: Stripe's API conventions; types.ts: its objects and the emulator's state);
// this file wires them and adds the routes for tests and developers: GET /stripe/sessions, GET
// /stripe/refunds, GET /stripe/events, POST /stripe/events/{id}/redeliver, POST
// /stripe/dashboard-refund (as the Dashboard's button), POST /stripe/refunds/{id}/fail (a card
// refund failing later). Every endpoint, field and error it answers: docs/ARCHITECTURE.md, "The
// Stripe emulator". State is in memory.
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
