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
import { formatRupees } from "@/lib/shared/money";
import { absoluteUrl, siteUrl } from "@/lib/site-url";
import { Prisma, type Checkout, type User } from "@/lib/generated/prisma/client";
import type { DeliveryDetails } from "@/lib/shared/india";
import { shippingFeeFor } from "@/lib/delivery/quote";
import { readDeliverySettings } from "../delivery/delivery-settings";
import { isRowId } from "../catalog/catalog";
import { isAllowedCorsOrigin } from "../platform/origin";
import { db } from "../platform/db";
import { badRequest, conflict, HttpError, notFound, unavailable } from "../platform/http";
import { noLongerSold, notEnoughStock } from "../catalog/stock";
import { fulfilCheckoutSession } from "./orders";
import { afterStockChange, checkHoldLimits, holdsOf, moveHolds, releaseHolds, withRelease } from "./holds";
import { CARD_NOT_SET_UP_MESSAGE, cardPaymentsEnabled, isProviderOutage, PAYMENT_PROVIDER_DOWN_MESSAGE, stripeClient } from "../providers/stripe";
import type { CheckoutLine } from "./types";
import { log } from "../platform/log";

// Starting a payment (docs/PRODUCT.md §4.8). The browser says only which of its own cart lines to
// buy; names, images, prices and quantities come from the database. The attempt is recorded
// first (a Checkout row with that snapshot), then a Stripe Checkout Session is made with an
// idempotency key derived from the row, so a double click or a retried request gets one session.
// Writing the row also holds its units (holds.ts) in the same transaction: a shopper who gets a
// payment page has the units set aside until the session is paid or ends. A shopper has one
// checkout open at a time: a new one (another cart, or Buy Now) replaces the open one, whose
// units go back and whose Stripe session is expired.


export const EMPTY_CART_MESSAGE = "Your cart is empty. Add a product before checking out.";
export const NOT_IN_CART_MESSAGE = "Some of these items are not in your cart any more. Review your cart and try again.";
export const ALREADY_PAID_MESSAGE = "This cart has just been paid: your order is in My Orders.";

export type StartedCheckout = { checkoutId: string; sessionId: string; url: string };

const PRODUCT_NOT_FOUND = "Product not found";
const CHECKOUT_NOT_FOUND = "This checkout is not yours or does not exist.";
/** A row still waiting for Stripe's answer is reused only this long (a parallel double click). */
const PENDING_REUSE_MS = 30_000;
/**
 * Stripe counts its 30-minute minimum from when it makes the session; the row is written a moment
 * before, and a retry of a row still waiting may come up to PENDING_REUSE_MS later with the same
 * `expires_at`: this much more keeps every request at or above the minimum.
 */
const EXPIRY_MARGIN_MS = 60_000;
export const CHECKOUT_REPLACED_MESSAGE = "This checkout was replaced by a newer one. Please try again.";

/** The caller's own cart lines among `lineIds`, priced now; refuses ids that are not theirs. */
export async function snapshotLines(userId: string, lineIds: string[]): Promise<CheckoutLine[]> {
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
    if (row.product.archivedAt) throw noLongerSold(row.product.productName, true);
    // Fewer units on hand than asked: refused before any lock (holds never add units, see holds.ts).
    if (row.product.stock < row.quantity) throw notEnoughStock(row.product.productName, Math.max(0, row.product.stock - row.product.held), true);
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

/** The goods' value, paise. */
export const goodsValue = (lines: Pick<CheckoutLine, "price" | "quantity">[]) => checkoutTotal(lines, 0);

/** What the shopper pays for `lines` delivered as `choice` says (paise): the goods, the shipping fee, and a cash-on-delivery fee. */
export const choiceTotal = (lines: Pick<CheckoutLine, "price" | "quantity">[], choice: Pick<CheckoutChoice, "shippingAmount" | "codFee">) => checkoutTotal(lines, choice.shippingAmount) + choice.codFee;

/**
 * What the shopper chose beyond the lines: where to deliver (null: Stripe's page asks, for the
 * spec's POST /api/checkout), the delivery fee, how to pay, and the business buying.
 */
export type CheckoutChoice = {
  delivery: DeliveryDetails | null;
  shippingAmount: number;
  shippingRateName: string;
  paymentMethod: "card" | "cod";
  codFee: number;
  buyer: { gstin: string; legalName: string } | null;
};

/** The spec's checkout: the flat fee (free above the threshold) and the hosted page's address. */
async function hostedChoice(lines: CheckoutLine[]): Promise<CheckoutChoice> {
  const { settings } = await readDeliverySettings();
  return { delivery: null, shippingAmount: shippingFeeFor(goodsValue(lines), settings), shippingRateName: SHIPPING_RATE_NAME, paymentMethod: "card", codFee: 0, buyer: null };
}

/**
 * Run inside a new checkout's transaction, under the account's checkout lock, before its units
 * are held (cash on delivery checks how many of the account's orders are open there).
 */
export type CheckoutGuard = (tx: Prisma.TransactionClient) => Promise<void>;

/**
 * Where Stripe sends the shopper back: the store's own /success and /cancel, or those of the
 * client that started the checkout when it is one of ALLOWED_ORIGINS (an API client on another
 * site, whose shopper is signed in there, not here).
 */
function returnBase(clientOrigin: string | null): string {
  return isAllowedCorsOrigin(clientOrigin) ? clientOrigin : siteUrl();
}

function fingerprintOf(lines: CheckoutLine[], email: string, base: string, choice: CheckoutChoice): string {
  // The return pages are part of the session Stripe makes: a cart reopened from another client
  // gets a session of its own; so is every choice (another address, fee or buyer is another session).
  const canonical = JSON.stringify([
    email,
    choice.shippingAmount,
    choice.shippingRateName,
    choice.paymentMethod,
    choice.codFee,
    choice.delivery,
    choice.buyer,
    base,
    lines.map((l) => [l.cartItemId ?? "buy-now", l.productId, l.name, l.image, l.price, l.quantity]),
  ]);
  return createHash("sha256").update(canonical).digest("hex");
}

/** An open checkout a repeated request may take over instead of starting another. */
function reusable(row: Checkout, fingerprint: string, now: Date): boolean {
  if (row.fingerprint !== fingerprint) return false;
  const age = now.getTime() - row.createdAt.getTime();
  // Without a session yet, a parallel request is at Stripe with its key; with one, the shopper
  // still has at least (CHECKOUT_SESSION_MINUTES − CHECKOUT_REUSE_MINUTES) minutes to pay.
  return row.stripeSessionId ? age < CHECKOUT_REUSE_MINUTES * 60_000 : age < PENDING_REUSE_MS;
}

/**
 * The open checkout for exactly these lines made in the last CHECKOUT_REUSE_MINUTES, or a new one
 * that holds its units. A per-user advisory lock makes two parallel requests agree on one row.
 * A new row replaces the user's open checkouts: their holds are given back in the same
 * transaction, and the caller expires their Stripe sessions (`replaced`). If a line lacks units,
 * the transaction is refused whole (409 naming the product): nothing is held, nothing replaced.
 */
export async function recordCheckout<T = undefined>(
  user: User,
  lines: CheckoutLine[],
  base: string,
  now: Date,
  buyNow: boolean,
  choice: CheckoutChoice,
  guard?: CheckoutGuard,
  then?: (tx: Prisma.TransactionClient, checkout: Checkout) => Promise<T>,
): Promise<{ checkout: Checkout; replaced: string[]; then?: T }> {
  const fingerprint = fingerprintOf(lines, user.email, base, choice);
  let changed = false;
  const recorded: { checkout: Checkout; replaced: string[]; then?: T } = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`checkout:${user.id}`}, 0))`;
    const open = await tx.checkout.findMany({ where: { userId: user.id, status: "OPEN", holdState: "HELD" }, orderBy: { id: "asc" } });
    // A cash-on-delivery order is placed at once: never a row to reuse.
    const same = choice.paymentMethod === "card" ? open.find((row) => reusable(row, fingerprint, now)) : undefined;
    if (same) return { checkout: same, replaced: [] };
    if (guard) await guard(tx);
    // Only the rows this statement moves give their units back (one being paid right now is not).
    const released = open.length
      ? await tx.checkout.updateManyAndReturn({
          where: { id: { in: open.map((row) => row.id) }, holdState: "HELD" },
          data: { holdState: "RELEASED", releasedAt: now },
          select: { lines: true, stripeSessionId: true },
        })
      : [];
    // What one account may hold (holds.ts): refused whole, nothing replaced, when past it.
    const heldSince = await checkHoldLimits(tx, user.id, lines, now);
    const checkout = await tx.checkout.create({
      data: {
        userId: user.id,
        customerEmail: user.email,
        fingerprint,
        lines,
        buyNow,
        heldSince,
        shippingAmount: choice.shippingAmount,
        shippingRateName: choice.shippingRateName,
        total: choiceTotal(lines, choice),
        paymentMethod: choice.paymentMethod,
        codFee: choice.codFee,
        delivery: choice.delivery ?? Prisma.DbNull,
        buyerGstin: choice.buyer?.gstin ?? null,
        buyerLegalName: choice.buyer?.legalName ?? null,
        currency: CHECKOUT_CURRENCY,
        createdAt: now,
        expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000 + EXPIRY_MARGIN_MS),
      },
    });
    // Last, so the product rows (hot in a rush for one product) are locked only until the commit.
    // Cash on delivery holds nothing: its order, made in this transaction, takes the units at its end.
    const delta = released.reduce((sum, row) => withRelease(sum, row.lines as CheckoutLine[]), choice.paymentMethod === "cod" ? new Map<string, number>() : holdsOf(lines));
    changed = await moveHolds(tx, delta, new Map(lines.map((line) => [line.productId, line.name])), !buyNow);
    // A cash-on-delivery order is made from the row in the same transaction (nothing between).
    const made = then ? await then(tx, checkout) : undefined;
    return { checkout, replaced: released.flatMap((row) => (row.stripeSessionId ? [row.stripeSessionId] : [])), then: made };
  });
  afterStockChange(changed);
  return recorded;
}

/**
 * A replaced checkout's payment page stops taking payments. Best effort: if Stripe cannot be
 * reached, the session expires on its own within CHECKOUT_SESSION_MINUTES, and a payment made
 * meanwhile is still recorded (a late sale, flagged if its units are gone).
 */
export async function expireReplaced(sessionIds: string[]): Promise<void> {
  for (const id of sessionIds) {
    try {
      await stripeClient().checkout.sessions.expire(id);
    } catch (error) {
      log.warn({ err: error, stripeSessionId: id }, "checkout: could not expire a replaced session");
    }
  }
}

/** The chosen address as Stripe's PaymentIntent carries it (`shipping`). */
function stripeShipping(delivery: DeliveryDetails): Stripe.Checkout.SessionCreateParams.PaymentIntentData.Shipping {
  return {
    name: delivery.name,
    ...(delivery.phone ? { phone: delivery.phone } : {}),
    address: {
      line1: delivery.line1,
      ...(delivery.line2 ? { line2: delivery.line2 } : {}),
      city: delivery.city,
      state: delivery.state,
      postal_code: delivery.postalCode,
      country: delivery.country || "IN",
    },
  };
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
    // The address chosen on the store's checkout page goes with the payment; without one (the
    // spec's POST /api/checkout), Stripe's page asks for an address in India and a phone number.
    ...(checkout.delivery ? { payment_intent_data: { shipping: stripeShipping(checkout.delivery as DeliveryDetails) } } : { shipping_address_collection: { allowed_countries: ["IN"] }, phone_number_collection: { enabled: true } }),
    success_url: `${base}/success?session_id={CHECKOUT_SESSION_ID}`,
    // The cancel page gives the units back at once (expiring the session first); a Buy Now's
    // names its product, so the page leads back to it rather than to the cart.
    cancel_url: `${base}/cancel?checkout=${checkout.id}${checkout.buyNow && lines[0] ? `&product=${lines[0].productId}` : ""}`,
    // Stripe's shortest: the units are held no longer than this.
    expires_at: Math.floor(checkout.expiresAt.getTime() / 1000),
  };
}

/**
 * POST /api/checkout: records the attempt, holds its units and opens (or reopens) its Stripe
 * Checkout Session. `clientOrigin`: the request's Origin header; a listed one (ALLOWED_ORIGINS)
 * gets the shopper back on its own /success and /cancel. Amounts outside what Stripe accepts for
 * INR are refused before Stripe is called; so is a line without the units (409).
 */
export async function startCheckout(user: User, lineIds: string[], clientOrigin: string | null = null, now = new Date()): Promise<StartedCheckout> {
  const lines = await snapshotLines(user.id, lineIds);
  return beginCheckout(user, lines, clientOrigin, now, false, await hostedChoice(lines));
}

/**
 * POST /api/buy-now: one of the product, at its price now, outside the cart (fulfilment leaves
 * the cart as it was). Otherwise a checkout like the cart's: held, replacing an open one.
 */
export async function startBuyNow(user: User, productId: unknown, clientOrigin: string | null = null, now = new Date()): Promise<StartedCheckout> {
  const line = await buyNowLine(productId);
  return beginCheckout(user, [line], clientOrigin, now, true, await hostedChoice([line]));
}

/** Buy Now's one line: one of the product, at its price now. */
export async function buyNowLine(productId: unknown): Promise<CheckoutLine> {
  if (!isRowId(productId)) throw badRequest("productId must be a product id");
  const product = await db.product.findUnique({ where: { id: productId } });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (product.archivedAt) throw noLongerSold(product.productName);
  // None on hand: refused before any lock (a rush for the last units ends here once they are sold).
  if (product.stock < 1) throw notEnoughStock(product.productName, 0);
  return { cartItemId: null, productId: product.id, name: product.productName, image: product.productImage, price: product.sellingPrice, quantity: 1 };
}

/** Card payment: the checkout recorded and held, then its Stripe session opened (or reopened). */
export async function beginCheckout(user: User, lines: CheckoutLine[], clientOrigin: string | null, now: Date, buyNow: boolean, choice: CheckoutChoice): Promise<StartedCheckout> {
  // A store without Stripe's keys sells by cash on delivery only (the checkout page's choice).
  if (!cardPaymentsEnabled()) throw unavailable(CARD_NOT_SET_UP_MESSAGE, 3600);
  const base = returnBase(clientOrigin);
  const total = checkoutTotal(lines, choice.shippingAmount);
  if (total < STRIPE_MIN_AMOUNT_PAISE) throw badRequest(`The order total must be at least ${formatRupees(STRIPE_MIN_AMOUNT_PAISE)}.`);
  if (total > STRIPE_MAX_AMOUNT_PAISE) {
    throw badRequest(`The order total can be at most ${formatRupees(STRIPE_MAX_AMOUNT_PAISE)}. Split your order into smaller ones.`);
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    const { checkout, replaced } = await recordCheckout(user, lines, base, now, buyNow, choice);
    await expireReplaced(replaced);
    const started = checkout.stripeSessionId ? await reopenSession(checkout) : await openSession(checkout, base);
    if (started) return started;
    // The reused session had expired (its row is closed and released now): the next round records a new one.
  }
  throw unavailable(PAYMENT_PROVIDER_DOWN_MESSAGE);
}

/**
 * POST /api/checkout/cancel: the shopper left Stripe's page (its cancel link brings them to
 * /cancel?checkout=…). The session is expired at Stripe first, so it can no longer be paid, then
 * its units are given back. A session paid meanwhile is fulfilled instead. Returns whether units
 * were released.
 */
export async function cancelCheckout(userId: string, checkoutId: unknown): Promise<boolean> {
  if (!isRowId(checkoutId)) throw notFound(CHECKOUT_NOT_FOUND);
  const checkout = await db.checkout.findFirst({ where: { id: checkoutId, userId } });
  if (!checkout) throw notFound(CHECKOUT_NOT_FOUND);
  return (await endCheckout(checkout)) === "released";
}

/**
 * Ends an open checkout now (the cancel page, an admin's release): its Stripe session is expired
 * first, so it can no longer be paid, then its units go back (HELD → RELEASED, once). "paid": the
 * session was paid meanwhile and is fulfilled instead; "ended": its hold had ended already.
 */
export async function endCheckout(checkout: Checkout): Promise<"released" | "paid" | "ended"> {
  // By the hold, not the status: a cancel retried after a release that failed still releases.
  if (checkout.holdState !== "HELD") return "ended";
  // This call's own expiry releases the units even when Stripe's checkout.session.expired event,
  // which that expiry sends, reaches the webhook and closes the row before closeCheckout below.
  let expiredHere = false;
  if (checkout.stripeSessionId) {
    try {
      await stripeClient().checkout.sessions.expire(checkout.stripeSessionId);
      expiredHere = true;
    } catch (error) {
      if (isProviderOutage(error)) throw providerFailed(checkout.id, error);
      // Stripe refuses to expire a session that is not open: paid (fulfil it), or expired already.
      let session: Stripe.Checkout.Session;
      try {
        session = await stripeClient().checkout.sessions.retrieve(checkout.stripeSessionId);
      } catch (retrieveError) {
        throw providerFailed(checkout.id, retrieveError);
      }
      if (session.status === "complete") {
        await fulfilCheckoutSession(session.id);
        return "paid";
      }
      if (session.status === "open") throw providerFailed(checkout.id, error);
    }
  }
  return (await closeCheckout(checkout.stripeSessionId ?? "", checkout.id, "EXPIRED")) || expiredHere ? "released" : "ended";
}

function providerFailed(checkoutId: string, error: unknown): HttpError {
  log.error({ err: error, checkoutId }, "checkout: the payment provider failed");
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
    const failed = await db.checkout.updateMany({ where: { id: checkout.id, stripeSessionId: null, status: "OPEN" }, data: { status: "FAILED" } });
    if (failed.count > 0) await releaseHolds(checkout.id);
    log.error({ err: error, checkoutId: checkout.id }, "checkout: the payment provider refused the session");
    throw new HttpError(502, "The payment service refused this order. Please try again or contact us.");
  }
  if (!session.url) throw new HttpError(502, "The payment service did not give a payment page. Please try again.");
  const [saved] = await db.checkout.updateManyAndReturn({
    where: { id: checkout.id },
    data: { stripeSessionId: session.id, stripeSessionUrl: session.url },
    select: { holdState: true, status: true },
  });
  // Replaced (a Buy Now in another tab) or cancelled while Stripe was making the session: its
  // units are no longer held, so its payment page must not be used.
  if (!saved || saved.holdState !== "HELD" || saved.status !== "OPEN") {
    await expireReplaced([session.id]);
    throw conflict(CHECKOUT_REPLACED_MESSAGE);
  }
  log.info({ checkoutId: checkout.id, stripeSessionId: session.id, totalPaise: checkout.total }, "checkout: payment session opened");
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

/**
 * `checkout.session.expired` / `async_payment_failed` (and the cancel page): the attempt ends
 * unless it was paid, and its units go back. Returns whether anything changed (a repeat changes
 * nothing).
 */
export async function closeCheckout(sessionId: string, checkoutId: string | undefined, status: "EXPIRED" | "FAILED"): Promise<boolean> {
  const which = { OR: [...(sessionId ? [{ stripeSessionId: sessionId }] : []), ...(isRowId(checkoutId) ? [{ id: checkoutId, stripeSessionId: null }] : [])] };
  if (which.OR.length === 0) return false;
  const closed = await db.checkout.updateMany({ where: { status: "OPEN", ...which }, data: { status } });
  // Released by the checkout's own state, not the status: a retry after a failed release still releases.
  const held = await db.checkout.findMany({ where: { holdState: "HELD", status: { not: "COMPLETED" }, ...which }, select: { id: true } });
  let released = false;
  for (const { id } of held) released = (await releaseHolds(id)) || released;
  return closed.count > 0 || released;
}
