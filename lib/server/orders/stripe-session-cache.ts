import "server-only";
import type Stripe from "stripe";
import { STRIPE_SESSION_FRESH_MS } from "@/lib/constants";

// Stripe's answers about Checkout Sessions, for the success page (orders.ts): each load and each
// poll of /success asks about its session, and Stripe's rate limits are per account, so one
// shopper reloading an open or expired checkout must not spend the whole store's budget. An
// answer is kept STRIPE_SESSION_FRESH_MS while the session may still change, and for good once
// it cannot (paid, complete or expired). Per instance: a miss only costs one question.

const MAX_ENTRIES = 2000;
const kept = new Map<string, { session: Stripe.Checkout.Session; until: number }>();

/** A session that will not change any more: its payment is settled, or it expired. */
export function isSettledSession(session: Stripe.Checkout.Session): boolean {
  return session.status === "expired" || session.status === "complete" || session.payment_status !== "unpaid";
}

/** Stripe's last answer about the session, while it is still good. */
export function keptSession(sessionId: string, now: number = Date.now()): Stripe.Checkout.Session | undefined {
  const entry = kept.get(sessionId);
  if (!entry) return undefined;
  if (entry.until > now) return entry.session;
  kept.delete(sessionId);
  return undefined;
}

export function keepSession(session: Stripe.Checkout.Session, now: number = Date.now()): void {
  kept.delete(session.id);
  kept.set(session.id, { session, until: isSettledSession(session) ? Infinity : now + STRIPE_SESSION_FRESH_MS });
  // The oldest go first (a map keeps its insertion order).
  for (const [id] of kept) {
    if (kept.size <= MAX_ENTRIES) break;
    kept.delete(id);
  }
}
