import "server-only";
import { orderNumber } from "@/lib/orders/order-number";
import { REVIEW_REQUEST_DAYS, REVIEW_REQUEST_MAX_AGE_DAYS, WRITE_REVIEW_ANCHOR } from "@/lib/reviews/reviews";
import { myOrdersUrl, siteUrl } from "@/lib/site-url";
import { unsubscribeHeaders, unsubscribeUrl } from "../accounts/unsubscribe";
import { MAIL_CLAIM_MS } from "../orders/mail-retry";
import { db } from "../platform/db";
import { log } from "../platform/log";
import { sendMail } from "../providers/mail";
import { reviewRequestEmail, type ReviewRequestLine } from "./mails/review-request-mail";

// "How is your …?" (issue 40): REVIEW_REQUEST_DAYS after delivery, one mail per order asking for a
// review of each product the shopper kept (lines not wholly refunded), still sold, and not reviewed
// yet, with a button straight to its review form. Only orders delivered in the last
// REVIEW_REQUEST_MAX_AGE_DAYS, so a deploy never mails old orders; never to a deleted account
// (userId null) or one that said stop (User.reviewRequestsOff, set by the mail's one-click
// unsubscribe); only while the order is DELIVERED. An order with nothing to ask about is never
// picked (the candidates' query checks what the mail would), and one that has nothing left by the
// time it is claimed (a review written meanwhile) is let go unsent.
//
// Sent once, like the order's mails (orders/step-email.ts): a conditional UPDATE claims the order
// (a claim older than MAIL_CLAIM_MS is a sender that died), Resend gets the idempotency key
// review-request/<order id>, and reviewRequestSentAt marks it sent. A failed send keeps its claim,
// so the order is tried again once the claim is old (every MAIL_CLAIM_MS), until it goes or its
// delivery leaves the window. sendDueReviewRequests runs every minute with the order mails
// (orders.ts) and on the cron call (app/api/cron/order-emails).

const DAY_MS = 86_400_000;

/** The window of deliveries due a request at `now`: delivered at least REVIEW_REQUEST_DAYS ago, at most REVIEW_REQUEST_MAX_AGE_DAYS. */
function dueWindow(now: Date): { from: Date; until: Date } {
  return { from: new Date(now.getTime() - REVIEW_REQUEST_MAX_AGE_DAYS * DAY_MS), until: new Date(now.getTime() - REVIEW_REQUEST_DAYS * DAY_MS) };
}

/** The product page's review form, absolute: where the mail's buttons lead. */
export function writeReviewUrl(productId: string): string {
  return `${siteUrl()}/product/${productId}#${WRITE_REVIEW_ANCHOR}`;
}

/**
 * The products of an order its buyer may be asked to review, in the order's line order, once each:
 * lines not wholly refunded, products still sold, not reviewed by the buyer yet.
 */
async function productsToReview(orderId: string, userId: string): Promise<ReviewRequestLine[]> {
  const items = await db.orderItem.findMany({
    where: { orderId, productId: { not: null }, product: { archivedAt: null } },
    select: { productId: true, name: true, quantity: true, refundedQuantity: true },
    orderBy: { id: "asc" },
  });
  const kept = items.filter((item) => item.refundedQuantity < item.quantity);
  const reviewed = new Set(
    (await db.review.findMany({ where: { userId, productId: { in: kept.map((item) => item.productId!) } }, select: { productId: true } })).map((review) => review.productId),
  );
  const lines = new Map<string, ReviewRequestLine>();
  for (const item of kept) {
    if (!reviewed.has(item.productId!) && !lines.has(item.productId!)) lines.set(item.productId!, { name: item.name, url: writeReviewUrl(item.productId!) });
  }
  return [...lines.values()];
}

/** Sends one order's review request, once (see above): "sent", or "skipped" when it is not due, already sent or taken by another sender. */
export async function sendReviewRequest(orderId: string, now: Date = new Date()): Promise<"sent" | "skipped"> {
  const { from, until } = dueWindow(now);
  const claimed = await db.order.updateMany({
    where: {
      id: orderId,
      status: "DELIVERED",
      deliveredAt: { gt: from, lte: until },
      reviewRequestSentAt: null,
      userId: { not: null },
      OR: [{ reviewRequestClaimedAt: null }, { reviewRequestClaimedAt: { lt: new Date(now.getTime() - MAIL_CLAIM_MS) } }],
    },
    data: { reviewRequestClaimedAt: now },
  });
  if (claimed.count === 0) return "skipped";
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, select: { id: true, user: { select: { id: true, email: true, reviewRequestsOff: true } } } });
  const lines = order.user && !order.user.reviewRequestsOff ? await productsToReview(orderId, order.user.id) : [];
  if (!order.user || lines.length === 0) {
    // Nothing to ask about any more (or the shopper said stop after the order was picked): let it go.
    await db.order.updateMany({ where: { id: orderId, reviewRequestClaimedAt: now }, data: { reviewRequestClaimedAt: null } });
    return "skipped";
  }
  const mail = await reviewRequestEmail(orderNumber(order.id), lines, { unsubscribeUrl: unsubscribeUrl(order.user.id, "review-requests"), ordersUrl: myOrdersUrl() });
  // A failure keeps the claim: the order is tried again once the claim is old.
  try {
    await sendMail({ to: order.user.email, ...mail, headers: unsubscribeHeaders(order.user.id, "review-requests") }, { idempotencyKey: `review-request/${order.id}` });
  } catch (error) {
    // Resend refuses the key with other words (409): a mail went out under it already, and the
    // products left to ask about changed since (the shopper reviewed one). It is sent.
    if (!(error instanceof Error && error.message.includes("invalid_idempotent_request"))) throw error;
  }
  await db.order.update({ where: { id: orderId }, data: { reviewRequestSentAt: new Date() } });
  return "sent";
}

/**
 * Sends the review requests due at `now` (oldest delivery first, at most `limit`): the orders in
 * the window, unsent and unclaimed (or claimed by a sender that died), whose buyer has an account
 * that takes these mails and a product left to review. Returns how many went.
 */
export async function sendDueReviewRequests(options: { now?: Date; limit?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const { from, until } = dueWindow(now);
  const claimExpired = new Date(now.getTime() - MAIL_CLAIM_MS);
  // The partial index "Order_reviewRequest_idx" (deliveredAt, of DELIVERED orders not yet sent) finds the window.
  const due = await db.$queryRaw<{ id: string }[]>`
    SELECT o.id FROM "Order" o
    JOIN "User" u ON u.id = o."userId"
    WHERE o.status = 'DELIVERED' AND o."reviewRequestSentAt" IS NULL
      AND o."deliveredAt" > ${from} AND o."deliveredAt" <= ${until}
      AND (o."reviewRequestClaimedAt" IS NULL OR o."reviewRequestClaimedAt" < ${claimExpired})
      AND NOT u."reviewRequestsOff"
      AND EXISTS (
        SELECT 1 FROM "OrderItem" i JOIN "Product" p ON p.id = i."productId"
        WHERE i."orderId" = o.id AND i."refundedQuantity" < i.quantity AND p."archivedAt" IS NULL
          AND NOT EXISTS (SELECT 1 FROM "Review" r WHERE r."userId" = o."userId" AND r."productId" = i."productId")
      )
    ORDER BY o."deliveredAt", o.id
    LIMIT ${options.limit ?? 20}`;
  let sent = 0;
  for (const { id } of due) {
    try {
      if ((await sendReviewRequest(id, now)) === "sent") sent += 1;
    } catch (error) {
      log.warn({ err: error, orderId: id }, "review-request: mail still unsent");
    }
  }
  return sent;
}
