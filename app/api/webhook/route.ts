import Stripe from "stripe";
import { WEBHOOK_BODY_MAX_BYTES } from "@/lib/constants";
import { closeCheckout } from "@/lib/server/orders/checkout";
import { isDatabaseUnavailable } from "@/lib/server/platform/db";
import { fail, handle, HttpError, ok, readRawBody } from "@/lib/server/platform/http";
import { log } from "@/lib/server/platform/log";
import { countWebhook, type WebhookOutcome } from "@/lib/server/platform/metrics";
import { fulfilCheckoutSession, isEventProcessed, markEventProcessed, retryOrderEmailsSoon } from "@/lib/server/orders/orders";
import { recordStripeRefund } from "@/lib/server/orders/refunds";
import { CARD_NOT_SET_UP_MESSAGE, cardPaymentsEnabled, stripeClient, webhookSecret } from "@/lib/server/providers/stripe";

// POST /api/webhook — Stripe's events, verified against STRIPE_WEBHOOK_SECRET on the raw bytes of
// the body (not JSON-parsed first: any change to the bytes breaks the signature). Not subject to
// the JSON-only rule of the other POSTs. A failure to record answers 5xx, so Stripe delivers the
// event again; everything else answers 2xx (or 400 for a bad signature), so it does not.
// Subscribe the endpoint to: checkout.session.completed, checkout.session.async_payment_succeeded,
// checkout.session.async_payment_failed, checkout.session.expired, and for refunds made here or
// in Stripe's dashboard: charge.refunded, refund.created, refund.updated, refund.failed.

export const POST = handle(async (request) => {
  const started = performance.now();
  let event: Stripe.Event | null = null;
  /** Each delivery once in the log and the metrics: the event (never its body or signature) and what became of it. */
  const done = (outcome: WebhookOutcome, detail?: string) => {
    countWebhook(outcome);
    const fields = { eventId: event?.id ?? null, eventType: event?.type ?? null, outcome, detail: detail ?? null, ms: Math.round(performance.now() - started) };
    if (outcome === "error" || outcome === "unavailable" || outcome === "bad_signature") log.warn(fields, "webhook: delivery refused or failed");
    else log.info(fields, "webhook: delivery handled");
  };
  try {
    return await receive(request, (made) => (event = made), done);
  } catch (error) {
    done(isDatabaseUnavailable(error) || (error instanceof HttpError && error.status === 503) ? "unavailable" : "error");
    throw error;
  }
}, { anyOrigin: true });

async function receive(request: Request, seen: (event: Stripe.Event) => void, done: (outcome: WebhookOutcome, detail?: string) => void): Promise<Response> {
  const signature = request.headers.get("stripe-signature");
  if (!signature) {
    done("bad_signature", "missing");
    return fail(400, "Missing Stripe-Signature header");
  }
  // A store without card payment (no Stripe keys) has no webhook to answer.
  if (!cardPaymentsEnabled()) return fail(404, CARD_NOT_SET_UP_MESSAGE);
  const payload = await readRawBody(request, WEBHOOK_BODY_MAX_BYTES);
  const secret = webhookSecret(); // not configured: a 500 that is logged, not a "bad signature"
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch {
    done("bad_signature");
    return fail(400, "Webhook signature verification failed");
  }
  seen(event);
  retryOrderEmailsSoon();
  if (await isEventProcessed(event.id)) {
    done("duplicate");
    return ok({ received: true, outcome: "duplicate" }, "Event already handled");
  }

  const eventRef = { id: event.id, type: event.type };
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const result = await fulfilCheckoutSession(event.data.object.id, { event: eventRef });
      // Not paid yet (a delayed method): async_payment_succeeded comes later. Unknown: not ours.
      if (result.status === "pending") await markEventProcessed(eventRef);
      done(result.status === "fulfilled" ? "fulfilled" : result.status === "pending" ? "pending" : "not_ours", result.status);
      return ok({ received: true, outcome: result.status }, result.status === "fulfilled" ? "Order recorded" : "Nothing to fulfil");
    }
    case "checkout.session.expired":
    case "checkout.session.async_payment_failed": {
      const session: Stripe.Checkout.Session = event.data.object;
      const closed = await closeCheckout(session.id, session.metadata?.checkoutId, event.type === "checkout.session.expired" ? "EXPIRED" : "FAILED");
      if (closed) await markEventProcessed(eventRef);
      done(closed ? "closed" : "not_ours");
      return ok({ received: true, outcome: closed ? "closed" : "unknown" }, "Checkout closed");
    }
    case "refund.created":
    case "refund.updated":
    case "refund.failed": {
      const outcome = await recordStripeRefund(event.data.object);
      await markEventProcessed(eventRef);
      done("refund", outcome);
      return ok({ received: true, outcome }, "Refund noted");
    }
    case "charge.refunded": {
      // The charge no longer lists its refunds by default: ask for them.
      const refunds = await stripeClient().refunds.list({ charge: event.data.object.id, limit: 100 });
      const outcomes = [];
      for (const refund of refunds.data) outcomes.push(await recordStripeRefund(refund));
      await markEventProcessed(eventRef);
      done("refund", outcomes.join(","));
      return ok({ received: true, outcome: outcomes.includes("recorded") ? "recorded" : outcomes.includes("settled") ? "settled" : "known" }, "Refunds noted");
    }
    default:
      done("ignored");
      return ok({ received: true, outcome: "ignored" }, `Event type ${event.type} is not used`);
  }
}
