import "server-only";
import { createHash } from "node:crypto";
import Stripe from "stripe";
import {
  CART_QUANTITY_MAX,
  CHECKOUT_CURRENCY,
  CHECKOUT_REUSE_MINUTES,
  CHECKOUT_SESSION_MINUTES,
  SHIPPING_AMOUNT_PAISE,
  SHIPPING_RATE_NAME,
  STRIPE_MAX_AMOUNT_PAISE,
  STRIPE_MIN_AMOUNT_PAISE,
} from "@/lib/constants";
import { formatRupees } from "@/lib/money";
import { absoluteUrl, siteUrl } from "@/lib/site-url";
import type { Checkout, User } from "@/lib/generated/prisma/client";
import { isRowId } from "../catalog/catalog";
import { isAllowedCorsOrigin } from "../platform/origin";
import { db } from "../platform/db";
import { badRequest, conflict, HttpError, unavailable } from "../platform/http";
import { fulfilCheckoutSession } from "./orders";
import { isProviderOutage, PAYMENT_PROVIDER_DOWN_MESSAGE, stripeClient } from "../providers/stripe";
import type { CheckoutLine } from "./types";

// Starting a payment (docs/PRODUCT.md §4.8). The browser says only which of its own cart lines to
// buy; names, images, prices and quantities come from the database. The attempt is recorded
// first (a Checkout row with that snapshot), then a Stripe Checkout Session is made with an
// idempotency key derived from the row, so a double click or a retried request gets one session.


export const EMPTY_CART_MESSAGE = "Your cart is empty. Add a product before checking out.";
export const NOT_IN_CART_MESSAGE = "Some of these items are not in your cart any more. Review your cart and try again.";
export const ALREADY_PAID_MESSAGE = "This cart has just been paid: your order is in My Orders.";

export type StartedCheckout = { checkoutId: string; sessionId: string; url: string };

/** The caller's own cart lines among `lineIds`, priced now; refuses ids that are not theirs. */
async function snapshotLines(userId: string, lineIds: string[]): Promise<CheckoutLine[]> {
  const wanted = [...new Set(lineIds)];
  if (wanted.length === 0) throw badRequest(EMPTY_CART_MESSAGE);
  if (!wanted.every(isRowId)) throw badRequest(NOT_IN_CART_MESSAGE);
  const rows = await db.cartItem.findMany({
    where: { userId, id: { in: wanted } },
    include: { product: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  // Another user's line, a removed line or a made-up id: refused, never charged.
  if (rows.length !== wanted.length) throw badRequest(NOT_IN_CART_MESSAGE);
  return rows.map((row) => {
    if (row.quantity < 1 || row.quantity > CART_QUANTITY_MAX) {
      throw badRequest(`You can buy at most ${CART_QUANTITY_MAX} of ${row.product.productName} at once.`);
    }
    return {
      cartItemId: row.id,
      productId: row.productId,
      name: row.product.productName,
      image: row.product.productImage,
      price: row.product.sellingPrice,
      quantity: row.quantity,
    };
  });
}

export function checkoutTotal(lines: Pick<CheckoutLine, "price" | "quantity">[], shipping = SHIPPING_AMOUNT_PAISE): number {
  return lines.reduce((sum, line) => sum + line.price * line.quantity, shipping);
}

/**
 * Where Stripe sends the shopper back: the store's own /success and /cancel, or those of the
 * client that started the checkout when it is one of ALLOWED_ORIGINS (an API client on another
 * site, whose shopper is signed in there, not here).
 */
function returnBase(clientOrigin: string | null): string {
  return isAllowedCorsOrigin(clientOrigin) ? clientOrigin : siteUrl();
}

function fingerprintOf(lines: CheckoutLine[], email: string, base: string): string {
  // The return pages are part of the session Stripe makes: a cart reopened from another client
  // gets a session of its own.
  const canonical = JSON.stringify([email, SHIPPING_AMOUNT_PAISE, SHIPPING_RATE_NAME, base, lines.map((l) => [l.cartItemId, l.productId, l.name, l.image, l.price, l.quantity])]);
  return createHash("sha256").update(canonical).digest("hex");
}

/**
 * The open checkout for exactly this cart made in the last CHECKOUT_REUSE_MINUTES, or a new one.
 * A per-user advisory lock makes two parallel requests agree on one row.
 */
async function recordCheckout(user: User, lines: CheckoutLine[], base: string, now: Date): Promise<Checkout> {
  const fingerprint = fingerprintOf(lines, user.email, base);
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:${user.id}`}, 0))`;
    const reusable = await tx.checkout.findFirst({
      where: { userId: user.id, fingerprint, status: "OPEN", createdAt: { gt: new Date(now.getTime() - CHECKOUT_REUSE_MINUTES * 60_000) } },
      orderBy: { createdAt: "desc" },
    });
    if (reusable) return reusable;
    return tx.checkout.create({
      data: {
        userId: user.id,
        customerEmail: user.email,
        fingerprint,
        lines,
        shippingAmount: SHIPPING_AMOUNT_PAISE,
        shippingRateName: SHIPPING_RATE_NAME,
        total: checkoutTotal(lines),
        currency: CHECKOUT_CURRENCY,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000),
      },
    });
  });
}

/**
 * Everything Stripe gets is derived from the row and the return pages (part of its fingerprint),
 * so a retry with the same key sends the same request.
 */
function sessionParams(checkout: Checkout, base: string): Stripe.Checkout.SessionCreateParams {
  const lines = checkout.lines as CheckoutLine[];
  return {
    mode: "payment",
    currency: checkout.currency,
    customer_email: checkout.customerEmail,
    client_reference_id: checkout.id,
    metadata: { checkoutId: checkout.id, userId: checkout.userId ?? "" },
    line_items: lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: checkout.currency,
        unit_amount: line.price,
        product_data: { name: line.name, images: line.image.slice(0, 8).map(absoluteUrl), metadata: { productId: line.productId } },
      },
    })),
    shipping_options: [
      {
        shipping_rate_data: {
          type: "fixed_amount",
          display_name: checkout.shippingRateName,
          fixed_amount: { amount: checkout.shippingAmount, currency: checkout.currency },
        },
      },
    ],
    success_url: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${base}/cancel`,
    expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
  };
}

/**
 * POST /api/checkout: records the attempt and opens (or reopens) its Stripe Checkout Session.
 * `clientOrigin`: the request's Origin header; a listed one (ALLOWED_ORIGINS) gets the shopper
 * back on its own /success and /cancel. Amounts outside what Stripe accepts for INR are refused
 * before Stripe is called.
 */
export async function startCheckout(user: User, lineIds: string[], clientOrigin: string | null = null, now = new Date()): Promise<StartedCheckout> {
  const base = returnBase(clientOrigin);
  const lines = await snapshotLines(user.id, lineIds);
  const total = checkoutTotal(lines);
  if (total < STRIPE_MIN_AMOUNT_PAISE) throw badRequest(`The order total must be at least ${formatRupees(STRIPE_MIN_AMOUNT_PAISE)}.`);
  if (total > STRIPE_MAX_AMOUNT_PAISE) {
    throw badRequest(`The order total can be at most ${formatRupees(STRIPE_MAX_AMOUNT_PAISE)}. Split your order into smaller ones.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const checkout = await recordCheckout(user, lines, base, now);
    const started = checkout.stripeSessionId ? await reopenSession(checkout) : await openSession(checkout, base);
    if (started) return started;
    // The reused session had expired (its row is closed now): the next round records a new one.
  }
  throw unavailable(PAYMENT_PROVIDER_DOWN_MESSAGE);
}

function providerFailed(checkoutId: string, error: unknown): HttpError {
  console.error(`[checkout] the payment provider failed for checkout ${checkoutId}:`, error);
  return unavailable(PAYMENT_PROVIDER_DOWN_MESSAGE);
}

/** Creates the row's Checkout Session; its idempotency key makes every retry the same session. */
async function openSession(checkout: Checkout, base: string): Promise<StartedCheckout> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.create(sessionParams(checkout, base), { idempotencyKey: `checkout-${checkout.id}` });
  } catch (error) {
    if (isIdempotencyConflict(error)) {
      // A parallel request with this key is still at Stripe: its answer is about to be recorded.
      const settled = await waitForSession(checkout.id);
      if (settled) return settled;
      throw providerFailed(checkout.id, error);
    }
    // The row stays open: a retry reuses it and its idempotency key, so at most one session exists.
    if (isProviderOutage(error)) throw providerFailed(checkout.id, error);
    // Refused: this attempt cannot succeed as it is; the next one starts a new row (unless a
    // parallel request did get the session meanwhile).
    await db.checkout.updateMany({ where: { id: checkout.id, stripeSessionId: null, status: "OPEN" }, data: { status: "FAILED" } });
    console.error(`[checkout] the payment provider refused checkout ${checkout.id}:`, error);
    throw new HttpError(502, "The payment service refused this order. Please try again or contact us.");
  }
  if (!session.url) throw new HttpError(502, "The payment service did not give a payment page. Please try again.");
  await db.checkout.update({ where: { id: checkout.id }, data: { stripeSessionId: session.id, stripeSessionUrl: session.url } });
  return { checkoutId: checkout.id, sessionId: session.id, url: session.url };
}

/** Real Stripe answers 409 to a request whose idempotency key is still in flight. */
function isIdempotencyConflict(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.statusCode === 409;
}

async function waitForSession(checkoutId: string): Promise<StartedCheckout | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const row = await db.checkout.findUnique({ where: { id: checkoutId } });
    if (row?.stripeSessionId && row.stripeSessionUrl) return { checkoutId, sessionId: row.stripeSessionId, url: row.stripeSessionUrl };
  }
  return null;
}

/**
 * The same cart again: its session, if shoppers can still pay it. A session paid but not yet
 * fulfilled is fulfilled now (the cart was bought); an expired one closes the row.
 */
async function reopenSession(checkout: Checkout): Promise<StartedCheckout | null> {
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient().checkout.sessions.retrieve(checkout.stripeSessionId!);
  } catch (error) {
    throw providerFailed(checkout.id, error);
  }
  if (session.status === "open" && session.url) return { checkoutId: checkout.id, sessionId: session.id, url: session.url };
  if (session.status === "complete") {
    await fulfilCheckoutSession(session.id);
    throw conflict(ALREADY_PAID_MESSAGE);
  }
  await closeCheckout(session.id, checkout.id, "EXPIRED");
  return null;
}

/** `checkout.session.expired` / `async_payment_failed`: the attempt ends unless it was paid. */
export async function closeCheckout(sessionId: string, checkoutId: string | undefined, status: "EXPIRED" | "FAILED"): Promise<boolean> {
  const closed = await db.checkout.updateMany({
    where: {
      status: "OPEN",
      OR: [{ stripeSessionId: sessionId }, ...(isRowId(checkoutId) ? [{ id: checkoutId, stripeSessionId: null }] : [])],
    },
    data: { status },
  });
  return closed.count > 0;
}
