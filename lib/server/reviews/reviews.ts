import "server-only";
import type { Prisma, Review } from "@/lib/generated/prisma/client";
import type { ReviewInput } from "@/lib/schemas";
import {
  JSON_LD_REVIEWS,
  ratingAverage,
  REVIEWS_PAGE_SIZE,
  reviewAuthorName,
  type MyReviewStatus,
  type OwnReview,
  type PublicReview,
  type RatingSummary,
  type ReviewPage,
  type ReviewSort,
} from "@/lib/reviews/reviews";
import { cacheCatalogRead, CATALOG_TAGS, changeCatalogIn } from "../catalog/cache";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { conflict, forbidden, notFound } from "../platform/http";

// Reviews from verified buyers (issue 40): a shopper who received a product (a delivered order
// holds it, and not every unit of it was refunded) may rate it once, edit and delete that review.
// The product's average and count are kept by triggers on Review (the migration
// 20261127205002_reviews_and_alerts), so a page reads them from the product row; every write that
// moves them goes through changeCatalogIn, which refreshes the cached pages on every instance.

export const NOT_A_BUYER_MESSAGE = "Only shoppers who bought and received this product can review it.";
export const NOT_DELIVERED_MESSAGE = "You can review this product once your order of it is delivered.";
export const REFUNDED_MESSAGE = "Only shoppers who kept this product can review it: your order of it was refunded.";
export const PRODUCT_GONE_MESSAGE = "This product is no longer sold, so it takes no new reviews.";
export const REVIEW_NOT_FOUND_MESSAGE = "This review does not exist.";

export type Eligibility = { eligible: true; orderId: string } | { eligible: false; reason: string };

/**
 * Whether the shopper received the product: the latest order of theirs that is DELIVERED (a whole
 * refund, by the admin or in Stripe's dashboard, moves it to REFUNDED) with a line of it not wholly
 * refunded. Otherwise, in words, why not: on its way (placed, paid, shipped), refunded after
 * delivery, or never received (never bought, cancelled, come back undelivered).
 */
export async function reviewEligibility(userId: string, productId: string, client: Prisma.TransactionClient = db): Promise<Eligibility> {
  const lines = await client.orderItem.findMany({
    where: { productId, order: { userId } },
    select: { quantity: true, refundedQuantity: true, order: { select: { id: true, status: true, deliveredAt: true } } },
  });
  const kept = lines
    .filter((line) => line.order.status === "DELIVERED" && line.order.deliveredAt !== null && line.refundedQuantity < line.quantity)
    .sort((a, b) => b.order.deliveredAt!.getTime() - a.order.deliveredAt!.getTime());
  if (kept[0]) return { eligible: true, orderId: kept[0].order.id };
  if (lines.some((line) => ["PLACED", "PAID", "SHIPPED"].includes(line.order.status))) return { eligible: false, reason: NOT_DELIVERED_MESSAGE };
  if (lines.some((line) => line.order.deliveredAt !== null)) return { eligible: false, reason: REFUNDED_MESSAGE };
  return { eligible: false, reason: NOT_A_BUYER_MESSAGE };
}

/**
 * The checks of a write, before the write and its throttle: the product is on sale and the shopper
 * received it (a refusal costs no one's review budget). The write checks again in its transaction.
 */
export async function assertCanReview(userId: string, productId: string, client: Prisma.TransactionClient = db): Promise<{ orderId: string }> {
  if (!isRowId(productId)) throw notFound("Product not found");
  const product = await client.product.findUnique({ where: { id: productId }, select: { archivedAt: true } });
  if (!product) throw notFound("Product not found");
  if (product.archivedAt) throw conflict(PRODUCT_GONE_MESSAGE);
  const eligibility = await reviewEligibility(userId, productId, client);
  if (!eligibility.eligible) throw forbidden(eligibility.reason);
  return { orderId: eligibility.orderId };
}

export function toPublicReview(review: Review): PublicReview {
  return {
    _id: review.id,
    productId: review.productId,
    rating: review.rating,
    title: review.title,
    body: review.body,
    author: review.authorName,
    verifiedPurchase: true,
    helpfulCount: review.helpfulCount,
    createdAt: review.createdAt.toISOString(),
    editedAt: review.editedAt?.toISOString() ?? null,
    reply: review.reply && review.repliedAt ? { text: review.reply, at: review.repliedAt.toISOString() } : null,
  };
}

export function toOwnReview(review: Review): OwnReview {
  return { ...toPublicReview(review), hidden: review.hiddenAt ? { at: review.hiddenAt.toISOString(), reason: review.hiddenReason ?? "" } : null };
}

/** The product row's rating columns as the page shows them. */
export function ratingSummaryOf(product: { ratingCount: number; ratingAvg: number; ratingStars: number[] }): RatingSummary {
  const stars = [0, 1, 2, 3, 4].map((index) => product.ratingStars[index] ?? 0) as RatingSummary["stars"];
  return { average: ratingAverage(product.ratingAvg), count: product.ratingCount, stars };
}

/**
 * Writes the shopper's review of a product, or replaces their words and stars (one per buyer per
 * product). A review the store hid stays hidden when edited: the store shows it again.
 */
export async function writeReview(user: { id: string; name: string }, input: ReviewInput, now: Date = new Date()): Promise<{ review: OwnReview; created: boolean }> {
  return changeCatalogIn(async (tx) => {
    const { orderId } = await assertCanReview(user.id, input.productId, tx);
    const words = { rating: input.rating, title: input.title, body: input.body, authorName: reviewAuthorName(user.name), orderId };
    // One statement (INSERT … ON CONFLICT DO UPDATE on the unique key), so two tabs saving at once
    // end with one review and the later words. Only the update sets editedAt: whether this call
    // created the review is read from its own row, never from a look taken before.
    const review = await tx.review.upsert({
      where: { userId_productId: { userId: user.id, productId: input.productId } },
      create: { ...words, userId: user.id, productId: input.productId, createdAt: now },
      update: { ...words, editedAt: now },
    });
    return { review: toOwnReview(review), created: review.editedAt === null };
  });
}

/** Whether the shopper has a review of the product (hidden or not). */
export async function hasReview(userId: string, productId: string): Promise<boolean> {
  return isRowId(productId) && (await db.review.count({ where: { userId, productId } })) > 0;
}

/**
 * Deletes the shopper's review of a product; false when they had none. A review the store hid
 * keeps its place, hidden, with its words removed: deleting it and writing again would otherwise
 * publish what the store took down (a new review then replaces the words and stays hidden).
 */
export async function deleteReview(userId: string, productId: string, now: Date = new Date()): Promise<boolean> {
  if (!isRowId(productId)) return false;
  return changeCatalogIn(async (tx) => {
    const emptied = await tx.review.updateMany({ where: { userId, productId, hiddenAt: { not: null } }, data: { title: "", body: "", editedAt: now } });
    if (emptied.count > 0) return true;
    return (await tx.review.deleteMany({ where: { userId, productId } })).count > 0;
  });
}

const ORDERS: Record<ReviewSort, Prisma.ReviewOrderByWithRelationInput[]> = {
  newest: [{ createdAt: "desc" }, { id: "desc" }],
  helpful: [{ helpfulCount: "desc" }, { createdAt: "desc" }, { id: "desc" }],
  highest: [{ rating: "desc" }, { createdAt: "desc" }, { id: "desc" }],
  lowest: [{ rating: "asc" }, { createdAt: "desc" }, { id: "desc" }],
};

/** One page of a product's published reviews, with its summary; null for an unknown or archived product. */
export async function listProductReviews(productId: string, sort: ReviewSort = "newest", page = 1, pageSize = REVIEWS_PAGE_SIZE): Promise<ReviewPage | null> {
  if (!isRowId(productId)) return null;
  const product = await db.product.findUnique({ where: { id: productId }, select: { archivedAt: true, ratingCount: true, ratingAvg: true, ratingStars: true } });
  if (!product || product.archivedAt) return null;
  const summary = ratingSummaryOf(product);
  // The count is the product's kept one: a page past it reads nothing.
  const skip = (page - 1) * pageSize;
  const rows = skip >= summary.count ? [] : await db.review.findMany({ where: { productId, hiddenAt: null }, orderBy: ORDERS[sort], skip, take: pageSize });
  return { reviews: rows.map(toPublicReview), summary, sort, page, pageSize, total: summary.count };
}

/** The product page's first page of reviews (newest), cached with the catalogue (refreshed by every review write). */
export async function productReviewsCached(productId: string): Promise<ReviewPage | null> {
  "use cache";
  cacheCatalogRead(CATALOG_TAGS.product(productId));
  return listProductReviews(productId, "newest", 1, Math.max(REVIEWS_PAGE_SIZE, JSON_LD_REVIEWS));
}

/** What the product page shows a signed-in shopper: their own review (hidden or not), whether they may write one, their votes. */
export async function myReviewStatus(userId: string, productId: string): Promise<MyReviewStatus | null> {
  if (!isRowId(productId)) return null;
  const product = await db.product.findUnique({ where: { id: productId }, select: { archivedAt: true } });
  if (!product) return null;
  const [review, votes, eligibility] = await Promise.all([
    db.review.findUnique({ where: { userId_productId: { userId, productId } } }),
    db.reviewVote.findMany({ where: { userId, review: { productId } }, select: { reviewId: true } }),
    reviewEligibility(userId, productId),
  ]);
  const reason = product.archivedAt ? PRODUCT_GONE_MESSAGE : eligibility.eligible ? null : eligibility.reason;
  return { eligible: reason === null, reason, review: review ? toOwnReview(review) : null, voted: votes.map((vote) => vote.reviewId) };
}

export const OWN_REVIEW_VOTE_MESSAGE = "You cannot vote on your own review.";
export const ALREADY_VOTED_MESSAGE = "You have already found this review helpful.";

/** "Was this helpful?": one vote per shopper per review, never on one's own, only on a published review. Answers the new count. */
export async function voteHelpful(userId: string, reviewId: string): Promise<{ helpfulCount: number }> {
  if (!isRowId(reviewId)) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  return db.$transaction(async (tx) => {
    const review = await tx.review.findUnique({ where: { id: reviewId }, select: { userId: true } });
    if (review?.userId === userId) throw forbidden(OWN_REVIEW_VOTE_MESSAGE);
    // One statement: the vote goes in only if the review is there and published now (a review
    // deleted or hidden meanwhile takes none, and is no foreign-key error), and its key (review,
    // shopper) makes a second vote, even at the same instant, insert nothing.
    // The count as of the statement's start, plus this vote (its trigger runs at the statement's end).
    const [counted] = await tx.$queryRaw<{ helpfulCount: number; inserted: number }[]>`
      WITH vote AS (
        INSERT INTO "ReviewVote" ("reviewId", "userId")
        SELECT r.id, ${userId}::uuid FROM "Review" r JOIN "Product" p ON p.id = r."productId"
        WHERE r.id = ${reviewId}::uuid AND r."hiddenAt" IS NULL AND p."archivedAt" IS NULL AND r."userId" <> ${userId}::uuid
        ON CONFLICT DO NOTHING RETURNING "reviewId"
      )
      SELECT (SELECT "helpfulCount" FROM "Review" WHERE id = ${reviewId}::uuid)::int + (SELECT count(*) FROM vote)::int AS "helpfulCount", (SELECT count(*) FROM vote)::int AS "inserted"`;
    if (!counted || counted.inserted === 0) {
      const published = await tx.review.count({ where: { id: reviewId, hiddenAt: null, product: { archivedAt: null } } });
      if (published === 0) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
      throw conflict(ALREADY_VOTED_MESSAGE);
    }
    return { helpfulCount: counted.helpfulCount };
  });
}
