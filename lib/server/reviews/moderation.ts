import "server-only";
import type { Prisma, Review } from "@/lib/generated/prisma/client";
import { ADMIN_REVIEWS_PAGE_SIZE, type AdminReview, type AdminReviewState } from "@/lib/reviews/reviews";
import { changeCatalogIn } from "../catalog/cache";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/http";
import { toOwnReview } from "./reviews";

// The admin's moderation of reviews (issue 40): the list (newest first, by state and stars), hiding
// a review with a reason its author is shown, showing it again, and the store's reply under it. The
// store never edits a shopper's words: nothing here writes rating, title or body. Hiding and
// showing move the product's rating (the triggers count published reviews only) and a reply is on
// the cached product page, so every write goes through changeCatalogIn: it commits with a NOTIFY
// and refreshes the cached pages on every instance.

export const REVIEW_NOT_FOUND_MESSAGE = "This review does not exist.";
export const ALREADY_HIDDEN_MESSAGE = "This review is already hidden.";
export const NOT_HIDDEN_MESSAGE = "This review is not hidden: it is already on the product page.";

type ReviewWithProduct = Review & { product: { productName: string } };

export function toAdminReview(review: ReviewWithProduct): AdminReview {
  return { ...toOwnReview(review), productName: review.product.productName };
}

const withProduct = { product: { select: { productName: true } } } as const;

export type AdminReviewPage = { reviews: AdminReview[]; total: number; page: number; pageSize: number };

/** One page of reviews for the admin, newest first: all, published or hidden, of any or one star rating. */
export async function listReviewsForAdmin(options: { state: AdminReviewState; rating?: number; page: number }): Promise<AdminReviewPage> {
  const where: Prisma.ReviewWhereInput = {
    ...(options.state === "published" ? { hiddenAt: null } : options.state === "hidden" ? { hiddenAt: { not: null } } : {}),
    ...(options.rating ? { rating: options.rating } : {}),
  };
  const skip = (options.page - 1) * ADMIN_REVIEWS_PAGE_SIZE;
  const [total, rows] = await Promise.all([
    db.review.count({ where }),
    db.review.findMany({ where, include: withProduct, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take: ADMIN_REVIEWS_PAGE_SIZE }),
  ]);
  return { reviews: rows.map(toAdminReview), total, page: options.page, pageSize: ADMIN_REVIEWS_PAGE_SIZE };
}

/** The review after a write in the same transaction; 404 when there is no such review. */
async function reviewAfter(tx: Prisma.TransactionClient, reviewId: string): Promise<ReviewWithProduct> {
  const review = await tx.review.findUnique({ where: { id: reviewId }, include: withProduct });
  if (!review) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  return review;
}

/**
 * Hides a published review: it leaves the product page and the product's rating (the triggers),
 * and its author sees it hidden with the reason. 404 unknown, 409 already hidden (one conditional
 * UPDATE, so two admins hiding at once hide it once, with the first one's reason).
 */
export async function hideReview(adminId: string, reviewId: string, reason: string, now: Date = new Date()): Promise<AdminReview> {
  if (!isRowId(reviewId)) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  return changeCatalogIn(async (tx) => {
    const hidden = await tx.review.updateMany({ where: { id: reviewId, hiddenAt: null }, data: { hiddenAt: now, hiddenReason: reason, hiddenBy: adminId } });
    const review = await reviewAfter(tx, reviewId);
    if (hidden.count === 0) throw conflict(ALREADY_HIDDEN_MESSAGE);
    return toAdminReview(review);
  });
}

/** Shows a hidden review again: back on the product page and in its rating. 404 unknown, 409 not hidden. */
export async function showReview(reviewId: string): Promise<AdminReview> {
  if (!isRowId(reviewId)) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  return changeCatalogIn(async (tx) => {
    const shown = await tx.review.updateMany({ where: { id: reviewId, hiddenAt: { not: null } }, data: { hiddenAt: null, hiddenReason: null, hiddenBy: null } });
    const review = await reviewAfter(tx, reviewId);
    if (shown.count === 0) throw conflict(NOT_HIDDEN_MESSAGE);
    return toAdminReview(review);
  });
}

/** Sets the store's reply under a review (a new text replaces the old), or removes it with "". 404 unknown. */
export async function replyToReview(reviewId: string, reply: string, now: Date = new Date()): Promise<AdminReview> {
  if (!isRowId(reviewId)) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
  return changeCatalogIn(async (tx) => {
    const written = await tx.review.updateMany({ where: { id: reviewId }, data: reply ? { reply, repliedAt: now } : { reply: null, repliedAt: null } });
    if (written.count === 0) throw notFound(REVIEW_NOT_FOUND_MESSAGE);
    return toAdminReview(await reviewAfter(tx, reviewId));
  });
}
