import "server-only";
import { describeRefundAccount, describeRefundAccountMasked, readRefundAccount } from "@/lib/orders/refund-account";
import type Stripe from "stripe";
import { ORDERS_LIST_MAX, SUCCESS_LOOKUPS_PER_ACCOUNT } from "@/lib/constants";
import { paiseToRupees } from "@/lib/shared/money";
import { myOrdersUrl } from "@/lib/site-url";
import { Prisma, type Checkout, type Order, type OrderEvent, type OrderItem, type Refund, type ReturnRequest, type TaxDocument } from "@/lib/generated/prisma/client";
import { afterResponse } from "../platform/after-response";
import { isRowId } from "../catalog/catalog";
import type { CheckoutLine, PublicDocumentRef, PublicOrder, PublicRefund, PublicReturn } from "./types";
import { db } from "../platform/db";
import { sendMail } from "../providers/mail";
import { orderConfirmationEmail } from "./order-email";
import { mailsMayQuote } from "../accounts/email-confirmation";
import { alertOwner, ATTENTION_OVERSOLD } from "./owner-alert";
import { unavailable } from "../platform/http";
import { hit } from "../platform/rate-limit";
import { keepSession, keptSession } from "./stripe-session-cache";
import { afterStockChange, sellHolds, shortfallNote, sweepExpiredHolds, takeUnitsNow } from "./holds";
import { retryPendingRefunds } from "./refunds";
import { issueDueCreditNotes } from "../billing/credit-notes";
import { issueDueInvoices, queueInvoice } from "../billing/invoices";
import { sendPendingStepEmails } from "./step-email";
import { sendDueAlertsSoon } from "../shop-lists/alerts";
import { sendDueReviewRequests } from "../reviews/review-requests";
import { MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs, retriedSince } from "./mail-retry";
import { indianMobile, type DeliveryDetails } from "@/lib/shared/india";
import { returnWindowEnd } from "@/lib/orders/returns-policy";
import { isMissingAtProvider, isProviderOutage, PAYMENT_PROVIDER_DOWN_MESSAGE, stripeClient } from "../providers/stripe";
import { log } from "../platform/log";
import { countOrderRecorded } from "../platform/metrics";
import { dropUserLists } from "../shop-lists/list-cache";

// Orders: made from a paid Checkout Session by one fulfilment function, which both the webhook
// and the success page call (Stripe's fulfilment guide). Whatever arrives twice, in parallel or
// late, one session makes one order: the checkout row is locked for the transaction, the order's
// session id is unique, and the webhook's event ids are recorded in the same transaction.

type ShippingOption = PublicOrder["shipping_options"][number];
type OrderRow = Order & {
  items: OrderItem[];
  events: OrderEvent[];
  refunds: Refund[];
  returns: ReturnRequest[];
  documents: Pick<TaxDocument, "kind" | "number" | "issuedAt" | "refundId">[];
};
type TimelineEntry = PublicOrder["timeline"][number];

/** One event as the answers show it: money in rupees, the parcel's details when it shipped. */
function toTimelineEntry(event: OrderEvent, forAdmin: boolean): TimelineEntry {
  const data = (event.data ?? {}) as { amount?: number; carrier?: string; trackingNumber?: string; trackingUrl?: string | null; pickupDate?: string };
  return {
    type: event.type,
    at: event.createdAt.toISOString(),
    actor: event.actor,
    // A failed refund's note is the payment service's error: the admin's to read, not the shopper's.
    note: event.type === "refund_failed" && !forAdmin ? null : event.note,
    ...(typeof data.amount === "number" ? { amount: paiseToRupees(data.amount) } : {}),
    ...(data.carrier ? { carrier: data.carrier, trackingNumber: data.trackingNumber, trackingUrl: data.trackingUrl ?? null } : {}),
    ...(data.pickupDate ? { pickupDate: data.pickupDate } : {}),
  };
}

/** A return request as the answers show it (the pickup day as YYYY-MM-DD). */
export function toPublicReturn(request: ReturnRequest): PublicReturn {
  return {
    _id: request.id,
    status: request.status,
    reason: request.reason,
    note: request.note,
    photos: request.photos,
    lines: request.lines as PublicReturn["lines"],
    pickup_date: request.pickupDate ? request.pickupDate.toISOString().slice(0, 10) : null,
    decline_reason: request.declineReason,
    refund_id: request.refundId,
    createdAt: request.createdAt.toISOString(),
  };
}

/** One refund as the answers show it (rupees); the payment service's reason for a failure only to admins. */
export function toPublicRefund(refund: Refund, forAdmin: boolean): PublicRefund {
  return {
    _id: refund.id,
    amount: paiseToRupees(refund.amount),
    shipping_amount: paiseToRupees(refund.shippingAmount),
    status: refund.status,
    source: refund.source,
    reason: refund.reason,
    // The payment service's own words (ids, card details' states) are the store's, not the shopper's.
    failure_reason: forAdmin ? refund.failureReason : null,
    restock: refund.restock,
    // A cash refund's bank transfer or UPI reference, once the admin recorded it.
    reference: refund.reference,
    lines: refund.lines as PublicRefund["lines"],
    createdAt: refund.createdAt.toISOString(),
  };
}

/** The order's invoice (refundId null) or a refund's credit note, by number and date, if issued. */
function documentOf(documents: OrderRow["documents"], refundId: string | null): PublicDocumentRef | null {
  return documentWhere(documents, (document) => (refundId === null ? document.kind !== "CREDIT_NOTE" : document.refundId === refundId));
}

function documentWhere(documents: OrderRow["documents"], matches: (document: OrderRow["documents"][number]) => boolean): PublicDocumentRef | null {
  const found = documents.find(matches);
  return found ? { number: found.number, issued_at: found.issuedAt.toISOString(), kind: found.kind } : null;
}

/** `forAdmin`: with the owner's flag (`attention`), which shoppers never see. */
export function toPublicOrder(order: OrderRow, forAdmin = false): PublicOrder {
  return {
    _id: order.id,
    createdAt: order.createdAt.toISOString(),
    userId: order.userId,
    email: order.customerEmail,
    productDetails: order.items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: paiseToRupees(item.price),
      quantity: item.quantity,
      refunded_quantity: item.refundedQuantity,
    })),
    paymentDetails: { paymentId: order.paymentIntentId, payment_method_type: order.paymentMethodTypes, payment_status: order.paymentStatus },
    shipping_options: order.shippingOptions as ShippingOption[],
    total_amount: paiseToRupees(order.totalAmount),
    delivery: (order.delivery as DeliveryDetails | null) ?? null,
    status: order.status,
    refunded_amount: paiseToRupees(order.refundedAmount),
    shipped_at: order.shippedAt?.toISOString() ?? null,
    delivered_at: order.deliveredAt?.toISOString() ?? null,
    cancelled_at: order.cancelledAt?.toISOString() ?? null,
    return_window_ends: order.deliveredAt ? returnWindowEnd(order.deliveredAt).toISOString() : null,
    refunds: order.refunds.map((refund) => ({ ...toPublicRefund(refund, forAdmin), credit_note: documentOf(order.documents, refund.id) })),
    invoice: documentOf(order.documents, null),
    tracking: order.carrier && order.trackingNumber ? { carrier: order.carrier, number: order.trackingNumber, url: order.trackingUrl } : null,
    timeline: order.events.map((event) => toTimelineEntry(event, forAdmin)),
    payment_method: order.paymentMethod === "cod" ? "cod" : "card",
    cod:
      order.paymentMethod === "cod"
        ? {
            confirmed_at: order.codConfirmedAt?.toISOString() ?? null,
            cash_received_at: order.cashReceivedAt?.toISOString() ?? null,
            cash_amount: order.cashAmount === null ? null : paiseToRupees(order.cashAmount),
            cash_reference: order.cashReference,
            returned_to_origin_at: order.returnedToOriginAt?.toISOString() ?? null,
            rto_received_at: order.rtoReceivedAt?.toISOString() ?? null,
            refund_account: refundAccountOf(order.refundAccount, forAdmin),
            credit_note: rtoCreditNoteOf(order.documents),
          }
        : null,
    return_request: order.returns[0] ? toPublicReturn(order.returns[0]) : null,
    ...(forAdmin ? { attention: order.attention, attentionNote: order.attentionNote } : {}),
  };
}

/** The credit note of a parcel that came back undelivered: the order's one credit note with no refund. */
function rtoCreditNoteOf(documents: OrderRow["documents"]): PublicDocumentRef | null {
  return documentWhere(documents, (document) => document.kind === "CREDIT_NOTE" && document.refundId === null);
}

function refundAccountOf(stored: unknown, forAdmin: boolean): string | null {
  const account = readRefundAccount(stored);
  if (!account) return null;
  return forAdmin ? describeRefundAccount(account) : describeRefundAccountMasked(account);
}

export const ITEMS_IN_ORDER = {
  items: { orderBy: [{ name: "asc" }, { id: "asc" }] },
  events: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  refunds: { orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  returns: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1 },
  documents: { select: { kind: true, number: true, issuedAt: true, refundId: true }, orderBy: [{ issuedAt: "asc" }, { id: "asc" }] },
} satisfies Prisma.OrderInclude;

/** The caller's orders, newest first: a page, or (no page asked) the newest ORDERS_LIST_MAX. The admin's list is admin-orders.ts. */
export async function listOrders(userId: string, page = 1, limit = ORDERS_LIST_MAX): Promise<{ orders: PublicOrder[]; total: number }> {
  const where = { userId };
  const [rows, total] = await Promise.all([
    db.order.findMany({ where, include: ITEMS_IN_ORDER, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: (page - 1) * limit, take: limit }),
    db.order.count({ where }),
  ]);
  return { orders: rows.map((row) => toPublicOrder(row)), total };
}

/**
 * One order, or null: an admin sees any (with the owner's flag), a shopper only their own
 * (another's is as absent as one that does not exist).
 */
export async function findOrder(orderId: string, viewer: { admin: true } | { userId: string }): Promise<PublicOrder | null> {
  if (!isRowId(orderId)) return null;
  const row = await db.order.findFirst({ where: "userId" in viewer ? { id: orderId, userId: viewer.userId } : { id: orderId }, include: ITEMS_IN_ORDER });
  return row ? toPublicOrder(row, !("userId" in viewer)) : null;
}

// Fulfilment ----------------------------------------------------------------------------------

export type FulfilResult =
  | { status: "fulfilled"; order: PublicOrder; created: boolean }
  /** Stripe has not taken the money (yet): nothing is written. */
  | { status: "pending" }
  /** Not a session of ours (unknown to Stripe, or no checkout row), or one that expired unpaid: nothing is written. */
  | { status: "unknown" }
  /** A session of another user (success page only): nothing is shown. */
  | { status: "not-yours" };

const SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

function shippingOptionsOf(session: Stripe.Checkout.Session, rateName: string, fallbackAmount: number): ShippingOption[] {
  const reported = session.shipping_options ?? [];
  if (reported.length === 0) return [{ shipping_amount: fallbackAmount, shipping_rate: "", name: rateName }];
  return reported.map((option) => ({
    shipping_amount: option.shipping_amount,
    shipping_rate: typeof option.shipping_rate === "string" ? option.shipping_rate : option.shipping_rate.id,
    name: rateName,
  }));
}

/**
 * The delivery details Checkout collected (`shipping_address_collection`): the shipping name and
 * address from `collected_information.shipping_details`, the phone from `customer_details`.
 */
export function deliveryOf(session: Stripe.Checkout.Session): DeliveryDetails | null {
  const shipping = session.collected_information?.shipping_details;
  if (!shipping?.address) return null;
  const { address } = shipping;
  const phone = session.customer_details?.phone ?? null;
  return {
    name: shipping.name ?? session.customer_details?.name ?? "",
    phone: phone ? (indianMobile(phone) ?? phone) : null,
    line1: address.line1 ?? "",
    line2: address.line2 || null,
    city: address.city ?? "",
    state: address.state ?? "",
    postalCode: address.postal_code ?? "",
    country: address.country ?? "IN",
  };
}

async function existingOrder(sessionId: string): Promise<OrderRow | null> {
  return db.order.findUnique({ where: { checkoutSessionId: sessionId }, include: ITEMS_IN_ORDER });
}

/**
 * Turns a paid Checkout Session into its order, once. `userId`: the success page's caller, who
 * must own the session. `event`: the webhook event being handled, recorded with the order.
 * `now`: the success page's clock for Stripe's kept answers and its limit (tests move it).
 * Throws (so the webhook answers 5xx and Stripe retries) only when the database or Stripe fails.
 */
export async function fulfilCheckoutSession(
  sessionId: string,
  options: { userId?: string; event?: { id: string; type: string }; now?: number } = {},
): Promise<FulfilResult> {
  if (!SESSION_ID.test(sessionId)) return { status: "unknown" };
  const known = await existingOrder(sessionId);
  if (known) {
    if (options.userId !== undefined && known.userId !== options.userId) return { status: "not-yours" };
    if (options.event) await recordEvent(db, options.event);
    // A delivery again (Stripe retries, a redelivery) also retries a confirmation not sent yet.
    if (known.emailSentAt === null) afterResponse("order-email", () => sendOrderConfirmation(known.id));
    if (known.invoiceDue) afterResponse("invoice", () => queueInvoice(known.id));
    return { status: "fulfilled", order: toPublicOrder(known), created: false };
  }

  if (options.userId !== undefined) {
    // The success page asks Stripe only about a session of the caller's own checkout.
    const mine = await db.checkout.findUnique({ where: { stripeSessionId: sessionId }, select: { userId: true } });
    if (!mine) return { status: "unknown" };
    if (mine.userId !== options.userId) return { status: "not-yours" };
  }

  // The success page's questions are answered from Stripe's last answer while it holds
  // (stripe-session-cache.ts), and limited per account; the webhook always asks.
  let session = options.userId !== undefined ? keptSession(sessionId, options.now) : undefined;
  if (!session) {
    if (options.userId !== undefined && !(await mayAskStripe(options.userId, options.now))) return { status: "pending" };
    try {
      session = await stripeClient().checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissingAtProvider(error)) return { status: "unknown" };
      if (!isProviderOutage(error)) throw error;
      // A 503 the webhook answers too, so Stripe delivers the event again later.
      log.error({ err: error, stripeSessionId: sessionId }, "fulfilment: the payment provider failed");
      throw unavailable(PAYMENT_PROVIDER_DOWN_MESSAGE);
    }
    if (options.userId !== undefined) keepSession(session, options.now);
  }
  const checkoutId = session.metadata?.checkoutId;
  if (options.userId !== undefined && session.metadata?.userId !== options.userId) return { status: "not-yours" };
  // Expired unpaid: the success page has no payment to wait for.
  if (session.payment_status === "unpaid") return { status: session.status === "expired" && options.userId !== undefined ? "unknown" : "pending" };
  if (!isRowId(checkoutId)) return { status: "unknown" };

  const result = await db.$transaction(async (tx) => {
    // Every fulfilment of this checkout waits here for the one before it to commit.
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Checkout" WHERE "id" = ${checkoutId}::uuid FOR UPDATE`;
    const checkout = locked.length ? await tx.checkout.findUnique({ where: { id: checkoutId } }) : null;
    // The session came from Stripe with our key, so it is ours; its metadata must match the row.
    // A deleted account (userId null) still gets its order recorded, detached.
    if (!checkout || (checkout.userId !== null && checkout.userId !== session.metadata?.userId)) return null;
    const already = await tx.order.findUnique({ where: { checkoutSessionId: session.id }, include: ITEMS_IN_ORDER });
    if (already) {
      if (options.event) await recordEvent(tx, options.event);
      return { order: already, created: false, stockChanged: false };
    }

    const charged = session.amount_total ?? 0;
    if (charged !== checkout.total) {
      // Recorded on the order (totalAmount ≠ expectedAmount) and logged; the money was taken, so the order stands.
      log.error({ stripeSessionId: session.id, checkoutId: checkout.id, chargedPaise: charged, expectedPaise: checkout.total }, "fulfilment: amount mismatch");
    }
    const recorded = await recordOrder(tx, checkout, {
      paymentMethod: "card",
      checkoutSessionId: session.id,
      paymentIntentId: paymentIntentId(session),
      paymentMethodTypes: session.payment_method_types ?? [],
      paymentStatus: session.payment_status,
      shippingOptions: shippingOptionsOf(session, checkout.shippingRateName, checkout.shippingAmount),
      totalAmount: charged,
      customerEmail: session.customer_details?.email ?? checkout.customerEmail,
      currency: session.currency ?? checkout.currency,
      // The address chosen on the store's checkout page; else the one Stripe's page collected.
      delivery: (checkout.delivery as DeliveryDetails | null) ?? deliveryOf(session),
      status: "PAID",
      event: { type: "paid", actor: "stripe", data: { amount: charged, paymentIntentId: paymentIntentId(session) } },
    });
    if (options.event) await recordEvent(tx, options.event);
    return recorded;
  });
  if (!result) return { status: "unknown" };
  afterOrderRecorded(result, { stripeSessionId: session.id, eventId: options.event?.id ?? null });
  return { status: "fulfilled", order: toPublicOrder(result.order), created: result.created };
}

/**
 * After an order's transaction committed (or found it recorded before): the caches, the log, and
 * what goes out after the answer: the invoice (in a transaction of its own, so that numbering never
 * holds up the order; retried by the minute round), the owner's alert, the confirmation mail.
 */
export function afterOrderRecorded(result: { order: OrderRow; created: boolean; stockChanged?: boolean }, logged: Record<string, unknown> = {}): void {
  if (result.created) {
    // The bought lines left the cart: this instance forgets the cart at once (the others hear it).
    if (result.order.userId) dropUserLists(result.order.userId);
    countOrderRecorded();
    log.info({ orderId: result.order.id, checkoutId: result.order.checkoutId, paymentMethod: result.order.paymentMethod, ...logged, attention: result.order.attention }, "fulfilment: order recorded");
    afterStockChange(result.stockChanged ?? false);
  }
  if (result.order.invoiceDue) afterResponse("invoice", () => queueInvoice(result.order.id));
  if (result.order.attention && !result.order.attentionMailedAt) afterResponse("order-email", () => alertOwner(result.order.id));
  if (result.order.emailSentAt === null) afterResponse("order-email", () => sendOrderConfirmation(result.order.id));
}

/** How an order is paid, as recordOrder writes it. */
export type OrderPayment = {
  paymentMethod: "card" | "cod";
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  paymentMethodTypes: string[];
  paymentStatus: string;
  shippingOptions: ShippingOption[];
  /** Paise: charged (card) or to collect (cash on delivery). */
  totalAmount: number;
  customerEmail: string;
  currency: string;
  delivery: DeliveryDetails | null;
  status: "PAID" | "PLACED";
  /** The first event of its timeline (paid, or placed). */
  event: { type: string; actor: string; actorId?: string | null; data: Prisma.InputJsonObject };
};

/**
 * Inside a transaction that holds the checkout row locked: writes the checkout's order once, with
 * each line's HSN code and rates in force now, takes the bought lines out of the cart, closes the
 * checkout and takes the units from stock (a hold becomes a sale; a late one takes what is left
 * and flags the order). Card payments (fulfilment) and cash-on-delivery orders both come here.
 */
export async function recordOrder(tx: Prisma.TransactionClient, checkout: Checkout, payment: OrderPayment): Promise<{ order: OrderRow; created: true; stockChanged: boolean }> {
  const lines = checkout.lines as CheckoutLine[];
  // A product deleted since keeps its line in the order, without the link; the ones still
  // there cannot be deleted until this commits.
  const productIds = [...new Set(lines.map((line) => line.productId))];
  // The products still there, with the HSN code and rates in force now (the product's own, or
  // its category's): each line keeps them, so a later change never alters this order.
  const taxes = await tx.$queryRaw<{ id: string; hsnCode: string; gstRateBp: number; cessRateBp: number }[]>`
    SELECT p."id", coalesce(p."hsnCode", c."hsnCode") AS "hsnCode", coalesce(p."gstRateBp", c."gstRateBp") AS "gstRateBp", coalesce(p."cessRateBp", c."cessRateBp") AS "cessRateBp"
    FROM "Product" p JOIN "Category" c ON c."value" = p."category"
    WHERE p."id" = ANY(${productIds}::uuid[]) FOR KEY SHARE OF p`;
  const taxOf = new Map(taxes.map((row) => [row.id, row]));
  // A business buyer: the GSTIN given at checkout, else the account's (My Account) when the order is placed.
  const account = checkout.userId && !checkout.buyerGstin ? await tx.user.findUnique({ where: { id: checkout.userId }, select: { gstin: true, gstLegalName: true } }) : null;
  const buyerGstin = checkout.buyerGstin ?? account?.gstin ?? null;
  const buyerLegalName = checkout.buyerGstin ? checkout.buyerLegalName : account?.gstin ? account.gstLegalName : null;
  const created = await tx.order.create({
    data: {
      userId: checkout.userId,
      customerEmail: payment.customerEmail,
      // One order per checkout; a second paid session of the same checkout (never expected) still gets its order.
      checkoutId: (await tx.order.count({ where: { checkoutId: checkout.id } })) === 0 ? checkout.id : null,
      checkoutSessionId: payment.checkoutSessionId,
      paymentMethod: payment.paymentMethod,
      paymentIntentId: payment.paymentIntentId,
      paymentMethodTypes: payment.paymentMethodTypes,
      paymentStatus: payment.paymentStatus,
      shippingOptions: payment.shippingOptions,
      totalAmount: payment.totalAmount,
      expectedAmount: checkout.total,
      currency: payment.currency,
      delivery: payment.delivery ?? Prisma.DbNull,
      buyerGstin,
      buyerLegalName,
      status: payment.status,
      // A paid order's tax invoice is issued right after this commits (lib/server/billing/invoices.ts);
      // a cash-on-delivery order's when it ships (the goods leave then).
      invoiceDue: payment.status === "PAID",
      events: { create: [{ type: payment.event.type, actor: payment.event.actor, actorId: payment.event.actorId ?? null, data: payment.event.data }] },
      items: {
        create: lines.map((line) => {
          const tax = taxOf.get(line.productId);
          return {
            productId: tax ? line.productId : null,
            name: line.name,
            image: line.image,
            price: line.price,
            quantity: line.quantity,
            hsnCode: tax?.hsnCode ?? null,
            gstRateBp: tax?.gstRateBp ?? null,
            cessRateBp: tax?.cessRateBp ?? null,
          };
        }),
      },
    },
    // A new order has no refunds, returns or documents yet: three reads fewer inside the transaction.
    include: { items: ITEMS_IN_ORDER.items, events: ITEMS_IN_ORDER.events },
  });
  const order: OrderRow = { ...created, refunds: [], returns: [], documents: [] };
  // Only what was bought leaves the cart: a line raised since keeps the difference, a line
  // added since stays, a product deleted since is simply gone.
  // (Delete first: after the decrement, a kept line would match the delete.)
  for (const line of checkout.userId ? lines : []) {
    if (!line.cartItemId) continue; // Buy Now: the cart is left as it was
    await tx.cartItem.deleteMany({ where: { id: line.cartItemId, userId: checkout.userId!, quantity: { lte: line.quantity } } });
    await tx.cartItem.updateMany({
      where: { id: line.cartItemId, userId: checkout.userId!, quantity: { gt: line.quantity } },
      data: { quantity: { decrement: line.quantity } },
    });
  }
  await tx.checkout.update({
    where: { id: checkout.id },
    data: {
      status: "COMPLETED",
      ...(checkout.stripeSessionId || !payment.checkoutSessionId ? {} : { stripeSessionId: payment.checkoutSessionId }),
      // Cash on delivery held nothing: its units are taken below, as a sale.
      ...(payment.paymentMethod === "cod" ? { holdState: "SOLD" as const } : {}),
    },
  });
  // The units leave stock here, once (the checkout row is locked): a hold becomes a sale; a
  // payment after its hold was released takes what is left, and the order is flagged if short.
  // Last, so a product's row (hot when many buy it at once) is locked only until the commit.
  // Cash on delivery held nothing: its units are taken now, or the whole order is refused (409).
  const sale =
    payment.paymentMethod === "cod"
      ? { shortfalls: [], changed: await takeUnitsNow(tx, lines, lines.some((line) => line.cartItemId !== null)) }
      : await sellHolds(tx, checkout, lines);
  if (sale.shortfalls.length === 0) return { order, created: true, stockChanged: sale.changed };
  const flagged = await tx.order.update({
    where: { id: order.id },
    data: { attention: ATTENTION_OVERSOLD, attentionNote: shortfallNote(sale.shortfalls) },
    include: ITEMS_IN_ORDER,
  });
  return { order: flagged, created: true, stockChanged: sale.changed };
}

// Holds past their expiry -----------------------------------------------------------------------

/**
 * What became of a session past its expiry, before its units go back: paid (its webhook late or
 * lost) → fulfilled now, the units sold, not released; still open → expired at Stripe first, so
 * it cannot be paid once its units are back; expired, or complete but unpaid (a delayed method
 * still processing: its payment, if it comes, is a late sale) → released. When Stripe cannot be
 * asked, the units stay held until the next round.
 */
async function settleExpired(checkout: { id: string; stripeSessionId: string | null }): Promise<boolean> {
  if (!checkout.stripeSessionId) return true;
  try {
    const session = await stripeClient().checkout.sessions.retrieve(checkout.stripeSessionId);
    if (session.status === "complete" && session.payment_status !== "unpaid") {
      await fulfilCheckoutSession(session.id);
      return false;
    }
    if (session.status === "open") await stripeClient().checkout.sessions.expire(session.id);
    return true;
  } catch (error) {
    if (isMissingAtProvider(error)) return true;
    log.warn({ err: error, checkoutId: checkout.id }, "holds: could not settle the checkout's session, kept for the next round");
    return false;
  }
}

/**
 * Gives back the units of checkouts past their expiry (holds.ts), each session settled with
 * Stripe first. Run once a minute by every server process and by GET /api/cron/release-holds.
 */
export function sweepExpiredCheckouts(now = new Date()): Promise<number> {
  return sweepExpiredHolds(settleExpired, now);
}

/**
 * Whether the success page may ask Stripe for this account now (SUCCESS_LOOKUPS_PER_ACCOUNT).
 * Past the limit the page keeps saying it is confirming the payment; the webhook records the
 * order meanwhile.
 */
async function mayAskStripe(userId: string, now: number = Date.now()): Promise<boolean> {
  const [limit, seconds] = SUCCESS_LOOKUPS_PER_ACCOUNT;
  return (await hit({ key: `success-lookup:account:${userId}`, seconds, now: new Date(now) })) <= limit;
}

type Writer = Pick<typeof db, "$executeRaw">;

async function recordEvent(tx: Writer, event: { id: string; type: string }): Promise<void> {
  await tx.$executeRaw`INSERT INTO "ProcessedEvent" ("id", "type") VALUES (${event.id}, ${event.type}) ON CONFLICT ("id") DO NOTHING`;
}

/** A webhook event handled before (the order, or the checkout's end, was recorded with it). */
export async function isEventProcessed(eventId: string): Promise<boolean> {
  return (await db.processedEvent.count({ where: { id: eventId } })) > 0;
}

export async function markEventProcessed(event: { id: string; type: string }): Promise<void> {
  await recordEvent(db, event);
}

// The confirmation email ------------------------------------------------------------------------

/** Unsent, not being sent by a live sender, and past its backoff: may be sent now. */
function sendableNow(now: Date): Prisma.OrderWhereInput {
  return {
    emailSentAt: null,
    OR: [{ emailClaimedAt: null }, { emailClaimedAt: { lt: new Date(now.getTime() - MAIL_CLAIM_MS) } }],
    AND: [{ OR: [{ emailRetryAt: null }, { emailRetryAt: { lte: now } }] }],
  };
}

/**
 * Sends an order's confirmation once: the order is claimed with a conditional UPDATE (one
 * sender at a time, across instances), and Resend gets an idempotency key from the order id,
 * so even a sender that dies after sending cannot make a second mail. A failure releases the
 * claim and sets the next try (`emailRetryAt`, backing off) for `sendPendingOrderEmails`.
 */
export async function sendOrderConfirmation(orderId: string, now = new Date()): Promise<"sent" | "skipped"> {
  const claimed = await db.order.updateMany({
    where: { id: orderId, ...sendableNow(now) },
    data: { emailClaimedAt: now, emailAttempts: { increment: 1 } },
  });
  if (claimed.count === 0) return "skipped";
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: ITEMS_IN_ORDER });
  try {
    const buyer = order.userId ? await db.user.findUnique({ where: { id: order.userId }, select: { emailConfirmedAt: true } }) : null;
    const mail = await orderConfirmationEmail(toPublicOrder(order), myOrdersUrl(), buyer !== null && mailsMayQuote(buyer));
    await sendMail({ to: order.customerEmail, ...mail }, { idempotencyKey: `order-confirmation/${order.id}` });
  } catch (error) {
    await db.order.update({ where: { id: orderId }, data: { emailClaimedAt: null, emailRetryAt: new Date(now.getTime() + mailRetryDelayMs(order.emailAttempts)) } });
    throw error;
  }
  await db.order.update({ where: { id: orderId }, data: { emailSentAt: new Date(), emailRetryAt: null } });
  return "sent";
}

/**
 * Retries the confirmations that did not go out (provider down, process stopped), each when its
 * backoff allows; one that keeps failing never holds up the others. Returns how many went.
 */
export async function sendPendingOrderEmails(limit = 20, now = new Date()): Promise<number> {
  const pending = await db.order.findMany({
    where: {
      ...sendableNow(now),
      emailAttempts: { lt: MAIL_MAX_ATTEMPTS },
      createdAt: { gt: retriedSince(now) },
    },
    select: { id: true },
    orderBy: [{ emailRetryAt: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
    take: limit,
  });
  let sent = 0;
  for (const { id } of pending) {
    try {
      if ((await sendOrderConfirmation(id, now)) === "sent") sent += 1;
    } catch (error) {
      log.warn({ err: error, orderId: id }, "order-email: confirmation still unsent");
    }
  }
  // The owner's alerts that did not go out (oversold orders, failed refunds).
  const alerts = await db.order.findMany({
    where: { attention: { not: null }, attentionMailedAt: null, createdAt: { gt: retriedSince(now) } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  for (const { id } of alerts) {
    try {
      await alertOwner(id, now);
    } catch (error) {
      log.warn({ err: error, orderId: id }, "order-email: the owner's alert still unsent");
    }
  }
  return sent;
}

let lastRetryRound = 0;

/** At most once a minute per process, after the answer: retry unsent confirmations (called on webhook traffic). */
export function retryOrderEmailsSoon(): void {
  if (Date.now() - lastRetryRound < 60_000) return;
  lastRetryRound = Date.now();
  afterResponse("order-email", () => sendPendingOrderEmails());
}

/**
 * Each server process retries unsent confirmations (and owner's alerts), and releases holds past
 * their expiry, once a minute (one timer per process, on globalThis), from the first time this module loads: at start under `npm start`, whose front door
 * loads it with the direct routes, else the first request that touches orders. Not during
 * `next build`, nor in the test run, which calls `sendPendingOrderEmails` itself.
 */
const EMAIL_RETRY_INTERVAL_MS = 60_000;
const retries = globalThis as unknown as { voltOrderEmailRetries?: NodeJS.Timeout };
if (!retries.voltOrderEmailRetries && process.env.NEXT_PHASE !== "phase-production-build" && !process.env.VITEST) {
  retries.voltOrderEmailRetries = setInterval(() => {
    sendPendingOrderEmails().catch((error: unknown) => log.error({ err: error }, "order-email: retry round failed"));
    // Holds past their checkout's expiry go back even when Stripe's event never arrives.
    sweepExpiredCheckouts().catch((error: unknown) => log.error({ err: error }, "holds: sweep failed"));
    // The shopper's mails about shipped, delivered, cancelled and refunded orders not sent yet.
    sendPendingStepEmails().catch((error: unknown) => log.error({ err: error }, "order-email: step mails round failed"));
    // "How is your …?" a few days after delivery (lib/server/reviews/review-requests.ts).
    sendDueReviewRequests().catch((error: unknown) => log.error({ err: error }, "review-request: round failed"));
    // Invoices not issued yet (the seller's details were incomplete, or the issue failed), then
    // the credit notes of refunds that waited for them.
    issueDueInvoices()
      .then(() => issueDueCreditNotes())
      .catch((error: unknown) => log.error({ err: error }, "invoices: round failed"));
    // Refunds recorded while Stripe was not answering.
    retryPendingRefunds().catch((error: unknown) => log.error({ err: error }, "refunds: retry round failed"));
    // Wishlist alerts due (restocks by refunds and returns, marks whose shoppers' day is over).
    sendDueAlertsSoon();
  }, EMAIL_RETRY_INTERVAL_MS);
  retries.voltOrderEmailRetries.unref();
}
