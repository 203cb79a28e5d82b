// Reviews from verified buyers (issue 40) on the real database, through the route handlers: who may
// review (never bought, paid but not delivered, delivered, refunded), one review per buyer per
// product, edits and deletes, hidden reviews out of the average, "Was this helpful?" once each and
// never on one's own, and the product's kept average and count after every kind of change, checked
// against a count of the reviews themselves.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { POST as writeRoute } from "@/app/api/write-review/route";
import { POST as deleteRoute } from "@/app/api/delete-review/route";
import { POST as helpfulRoute } from "@/app/api/review-helpful/route";
import { GET as myReviewRoute } from "@/app/api/my-review/route";
import { GET as listRoute } from "@/app/api/product-reviews/route";
import { GET as productRoute } from "@/app/api/get-single-product-details/[id]/route";
import { markDelivered, shipOrder, type Actor } from "@/lib/server/orders/lifecycle";
import { refundOrder } from "@/lib/server/orders/refunds";
import { NOT_A_BUYER_MESSAGE, NOT_DELIVERED_MESSAGE, REFUNDED_MESSAGE } from "@/lib/server/reviews/reviews";
import type { MyReviewStatus, OwnReview, ReviewPage } from "@/lib/reviews/reviews";
import { getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";
import { paidOrder, paidOrderOf, type PaidOrder } from "./checkout-kit";

const admin: Actor = { kind: "admin", userId: randomUUID() };

async function delivered(order: PaidOrder, at = new Date()): Promise<PaidOrder> {
  await shipOrder(order.orderId, admin, { carrier: "Blue Dart", trackingNumber: "BD12345678" }, new Date(at.getTime() - 86_400_000));
  await markDelivered(order.orderId, admin, at);
  return order;
}

type Answer<T> = { status: number; body: { success: boolean; message: string; data: T } };
async function answer<T>(response: Response): Promise<Answer<T>> {
  return { status: response.status, body: (await response.json()) as Answer<T>["body"] };
}

const write = (user: Shopper, body: unknown) => writeRoute(jsonRequest("/api/write-review", body, { cookie: user.cookie }), noContext).then(answer<OwnReview>);
const remove = (user: Shopper, productId: string) => deleteRoute(jsonRequest("/api/delete-review", { productId }, { cookie: user.cookie }), noContext).then(answer<unknown>);
const vote = (user: Shopper, reviewId: string) => helpfulRoute(jsonRequest("/api/review-helpful", { reviewId }, { cookie: user.cookie }), noContext).then(answer<{ helpfulCount: number }>);
const mine = (user: Shopper, productId: string) => myReviewRoute(getRequest(`/api/my-review?productId=${productId}`, user.cookie), noContext).then(answer<MyReviewStatus>);
const list = (productId: string, params = "") => listRoute(getRequest(`/api/product-reviews?productId=${productId}${params}`), noContext).then(answer<ReviewPage>);

/** The kept aggregate beside what the reviews themselves add up to: they must always agree. */
async function aggregate(productId: string) {
  const [kept] = await query<{ ratingCount: number; ratingSum: number; ratingStars: number[]; ratingAvg: number }>(
    `SELECT "ratingCount", "ratingSum", "ratingStars", "ratingAvg" FROM "Product" WHERE id = $1`,
    [productId],
  );
  const [counted] = await query<{ n: number; sum: number; stars: number[] }>(
    `SELECT count(*)::int AS n, coalesce(sum(rating), 0)::int AS sum,
            ARRAY[count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2), count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4), count(*) FILTER (WHERE rating = 5)]::int[] AS stars
     FROM "Review" WHERE "productId" = $1 AND "hiddenAt" IS NULL`,
    [productId],
  );
  expect(kept).toMatchObject({ ratingCount: counted!.n, ratingSum: counted!.sum, ratingStars: counted!.stars });
  expect(kept!.ratingAvg).toBe(counted!.n === 0 ? 0 : Math.round((counted!.sum * 100) / counted!.n));
  return kept!;
}

/** Another buyer of the same product, delivered. */
async function secondBuyer(productId: string): Promise<Shopper> {
  const order = await paidOrderOf(productId);
  await delivered(order);
  return order.user;
}

describe("who may review", () => {
  it("refuses a shopper who never bought it, one whose order is paid but not delivered, and one whose units were all refunded; takes a delivered buyer", async () => {
    const order = await paidOrder({ quantity: 2 });
    const stranger = await shopper();
    const never = await write(stranger, { productId: order.productId, rating: 5 });
    expect(never.status).toBe(403);
    expect(never.body.message).toBe(NOT_A_BUYER_MESSAGE);
    expect((await mine(stranger, order.productId)).body.data).toMatchObject({ eligible: false, reason: NOT_A_BUYER_MESSAGE, review: null });

    const paid = await write(order.user, { productId: order.productId, rating: 5 });
    expect(paid.status).toBe(403);
    expect(paid.body.message).toBe(NOT_DELIVERED_MESSAGE);

    await delivered(order);
    expect((await mine(order.user, order.productId)).body.data).toMatchObject({ eligible: true, reason: null });

    // One unit of two refunded: the buyer kept one, and may review.
    await refundOrder(order.orderId, admin, { lines: [{ orderItemId: order.itemId, quantity: 1 }], restock: false });
    expect((await write(order.user, { productId: order.productId, rating: 4, title: "Kept one" })).status).toBe(201);

    // Every unit refunded: no review from this buyer.
    const refunded = await delivered(await paidOrder({ quantity: 1 }));
    await refundOrder(refunded.orderId, admin, { lines: "whole", restock: false });
    const gone = await write(refunded.user, { productId: refunded.productId, rating: 1 });
    expect(gone.status).toBe(403);
    expect(gone.body.message).toBe(REFUNDED_MESSAGE);
    expect(await query(`SELECT 1 FROM "Review" WHERE "productId" = $1`, [refunded.productId])).toHaveLength(0);
  });

  it("answers 401 without a session and 403 for an admin; refuses bad input with a 400 that writes nothing", async () => {
    const order = await delivered(await paidOrder());
    const anonymous = await writeRoute(jsonRequest("/api/write-review", { productId: order.productId, rating: 5 }), noContext);
    expect(anonymous.status).toBe(401);
    for (const bad of [
      { productId: order.productId },
      { productId: order.productId, rating: 0 },
      { productId: order.productId, rating: 6 },
      { productId: order.productId, rating: 4.5 },
      { productId: order.productId, rating: "5" },
      { productId: order.productId, rating: 5, title: "x".repeat(121) },
      { productId: order.productId, rating: 5, body: "x".repeat(4001) },
      { productId: order.productId, rating: 5, title: "bad\u0000title" },
    ]) {
      const refused = await write(order.user, bad);
      expect(refused.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    expect(await query(`SELECT 1 FROM "Review" WHERE "productId" = $1`, [order.productId])).toHaveLength(0);
    const unknown = await write(order.user, { productId: randomUUID(), rating: 5 });
    expect(unknown.status).toBe(404);
  });
});

describe("one review per buyer, edits and deletes, and the kept average", () => {
  it("keeps the average and count right through writes, edits, deletes, hides and shows", async () => {
    const first = await delivered(await paidOrder());
    const productId = first.productId;
    const buyers = [first.user, await secondBuyer(productId), await secondBuyer(productId)];

    const written = await write(buyers[0]!, { productId, rating: 5, title: "  Great phone  ", body: "Battery lasts two days.\nCamera is sharp." });
    expect(written.status).toBe(201);
    expect(written.body.data).toMatchObject({ rating: 5, title: "Great phone", body: "Battery lasts two days.\nCamera is sharp.", verifiedPurchase: true, hidden: null });
    expect(await aggregate(productId)).toMatchObject({ ratingCount: 1, ratingAvg: 500 });

    // The same buyer again: the review is replaced, not doubled.
    const edited = await write(buyers[0]!, { productId, rating: 3, title: "Good, not great" });
    expect(edited.status).toBe(200);
    expect(edited.body.data._id).toBe(written.body.data._id);
    expect(edited.body.data.editedAt).not.toBeNull();
    expect(edited.body.data.body).toBe("");
    expect(await aggregate(productId)).toMatchObject({ ratingCount: 1, ratingSum: 3, ratingStars: [0, 0, 1, 0, 0] });

    // Two at once from one buyer: still one review.
    const both = await Promise.all([write(buyers[1]!, { productId, rating: 4 }), write(buyers[1]!, { productId, rating: 2 })]);
    expect(both.map((one) => one.status).sort()).toEqual([200, 201]);
    expect(await query(`SELECT 1 FROM "Review" WHERE "productId" = $1 AND "userId" = $2`, [productId, buyers[1]!.id])).toHaveLength(1);
    await write(buyers[2]!, { productId, rating: 1 });
    const three = await aggregate(productId);
    expect(three.ratingCount).toBe(3);

    // Hidden: out of the average and the list, still the author's to see (with the reason).
    await query(`UPDATE "Review" SET "hiddenAt" = now(), "hiddenReason" = 'Contains a phone number' WHERE "userId" = $1 AND "productId" = $2`, [buyers[2]!.id, productId]);
    expect((await aggregate(productId)).ratingCount).toBe(2);
    expect((await list(productId)).body.data.reviews).toHaveLength(2);
    expect((await mine(buyers[2]!, productId)).body.data.review?.hidden).toMatchObject({ reason: "Contains a phone number" });
    // An edit of a hidden review leaves it hidden.
    await write(buyers[2]!, { productId, rating: 5 });
    expect((await aggregate(productId)).ratingCount).toBe(2);
    await query(`UPDATE "Review" SET "hiddenAt" = NULL WHERE "userId" = $1 AND "productId" = $2`, [buyers[2]!.id, productId]);
    expect((await aggregate(productId)).ratingCount).toBe(3);

    // Deleted: out at once; a second delete is a 404; the buyer may write again.
    expect((await remove(buyers[0]!, productId)).status).toBe(200);
    expect((await remove(buyers[0]!, productId)).status).toBe(404);
    expect((await aggregate(productId)).ratingCount).toBe(2);
    expect((await write(buyers[0]!, { productId, rating: 4 })).status).toBe(201);

    // The API's product carries the same average and count; the page of reviews the same summary.
    const kept = await aggregate(productId);
    const product = (await (await productRoute(getRequest(`/api/get-single-product-details/${productId}`), { params: Promise.resolve({ id: productId }) })).json()) as { product: { rating: { average: number; count: number } } };
    expect(product.product.rating).toEqual({ average: Math.round(kept.ratingAvg / 10) / 10, count: kept.ratingCount });
    const page = (await list(productId)).body.data;
    expect(page.summary.count).toBe(kept.ratingCount);
    expect(page.summary.stars).toEqual(kept.ratingStars);

    // A deleted account takes its reviews and their stars with it.
    await query(`DELETE FROM "User" WHERE id = $1`, [buyers[1]!.id]);
    expect((await aggregate(productId)).ratingCount).toBe(kept.ratingCount - 1);
  });

  it("shows the author as first name and initial, never the email, and the text as given (no markup made)", async () => {
    const order = await delivered(await paidOrder());
    await query(`UPDATE "User" SET name = 'Priya Ramesh Sharma' WHERE id = $1`, [order.user.id]);
    await write(order.user, { productId: order.productId, rating: 4, body: "<b>bold</b> https://example.com" });
    const page = await list(order.productId);
    const review = page.body.data.reviews[0]!;
    expect(review.author).toBe("Priya S.");
    expect(review.body).toBe("<b>bold</b> https://example.com");
    expect(JSON.stringify(page.body)).not.toContain(order.user.email);
    expect(JSON.stringify(page.body)).not.toContain(order.user.id);
  });
});

describe("the store's moderation holds, and the kept aggregate follows every kind of row change", () => {
  it("keeps a hidden review hidden when its author deletes it and writes again", async () => {
    const order = await delivered(await paidOrder());
    const first = await write(order.user, { productId: order.productId, rating: 5, title: "Call 98xxxxxx for cheaper" });
    await query(`UPDATE "Review" SET "hiddenAt" = now(), "hiddenReason" = 'A phone number' WHERE id = $1`, [first.body.data._id]);
    expect((await remove(order.user, order.productId)).status).toBe(200);
    // The words are gone; the store's decision stays.
    const kept = (await mine(order.user, order.productId)).body.data.review!;
    expect(kept).toMatchObject({ title: "", body: "", hidden: { reason: "A phone number" } });
    const again = await write(order.user, { productId: order.productId, rating: 5, title: "Call 98xxxxxx for cheaper" });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe("Your review is updated. The store hid it, so it stays hidden until the store shows it again.");
    expect(again.body.data.hidden).not.toBeNull();
    expect((await aggregate(order.productId)).ratingCount).toBe(0);
    expect((await list(order.productId)).body.data.reviews).toEqual([]);
  });

  it("refuses a buyer whose whole order was refunded outside the store's lines (Stripe's dashboard): the order is REFUNDED", async () => {
    const order = await delivered(await paidOrder());
    await query(`UPDATE "Order" SET status = 'REFUNDED', "refundedAmount" = "totalAmount" WHERE id = $1`, [order.orderId]);
    const refused = await write(order.user, { productId: order.productId, rating: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(REFUNDED_MESSAGE);
  });

  it("moves both products' aggregates when a review moves, ignores a hidden review's stars, and drops a deleted voter's votes", async () => {
    const a = await delivered(await paidOrder());
    const b = await delivered(await paidOrder());
    const review = (await write(a.user, { productId: a.productId, rating: 2 })).body.data;
    await write(b.user, { productId: b.productId, rating: 4 });
    await query(`UPDATE "Review" SET "productId" = $1 WHERE id = $2`, [b.productId, review._id]);
    expect(await aggregate(a.productId)).toMatchObject({ ratingCount: 0, ratingAvg: 0 });
    expect(await aggregate(b.productId)).toMatchObject({ ratingCount: 2, ratingAvg: 300 });
    await query(`UPDATE "Review" SET "hiddenAt" = now() WHERE id = $1`, [review._id]);
    await query(`UPDATE "Review" SET rating = 5 WHERE id = $1`, [review._id]);
    expect(await aggregate(b.productId)).toMatchObject({ ratingCount: 1, ratingAvg: 400 });

    const voter = await shopper();
    const other = (await list(b.productId)).body.data.reviews[0]!;
    expect((await vote(voter, other._id)).body.data.helpfulCount).toBe(1);
    await query(`DELETE FROM "User" WHERE id = $1`, [voter.id]);
    expect((await list(b.productId)).body.data.reviews[0]!.helpfulCount).toBe(0);
    // A vote on a review deleted meanwhile is a 404, not an error.
    await remove(b.user, b.productId);
    expect((await vote(await shopper(), other._id)).status).toBe(404);
  });
});

describe("the list and helpful votes", () => {
  it("sorts newest, most helpful, highest and lowest, pages, and counts one helpful vote per shopper, never the author's own", async () => {
    const first = await delivered(await paidOrder());
    const productId = first.productId;
    const authors = [first.user, await secondBuyer(productId), await secondBuyer(productId)];
    const ids: string[] = [];
    for (const [index, rating] of [2, 5, 4].entries()) {
      ids.push((await write(authors[index]!, { productId, rating, title: `Review ${index}` })).body.data._id);
    }
    const voter = await shopper();
    const other = await shopper();

    expect((await vote(authors[0]!, ids[0]!)).status).toBe(403);
    expect((await vote(voter, ids[0]!)).body.data.helpfulCount).toBe(1);
    const again = await vote(voter, ids[0]!);
    expect(again.status).toBe(409);
    // Two votes of one shopper at once: one counts.
    const raced = await Promise.all([vote(other, ids[0]!), vote(other, ids[0]!)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await vote(voter, ids[2]!)).status).toBe(200);
    expect((await vote(voter, randomUUID())).status).toBe(404);
    expect((await mine(voter, productId)).body.data.voted.sort()).toEqual([ids[0], ids[2]].sort());

    const order = async (sort: string) => (await list(productId, `&sort=${sort}`)).body.data.reviews.map((review) => review._id);
    expect(await order("newest")).toEqual([ids[2], ids[1], ids[0]]);
    expect(await order("helpful")).toEqual([ids[0], ids[2], ids[1]]);
    expect(await order("highest")).toEqual([ids[1], ids[2], ids[0]]);
    expect(await order("lowest")).toEqual([ids[0], ids[2], ids[1]]);
    expect((await list(productId, "&sort=best")).status).toBe(400);
    expect((await list(productId, "&page=2")).body.data.reviews).toEqual([]);
    expect((await list(randomUUID())).status).toBe(404);

    // A hidden review takes no votes.
    await query(`UPDATE "Review" SET "hiddenAt" = now() WHERE id = $1`, [ids[1]]);
    expect((await vote(voter, ids[1]!)).status).toBe(404);
  });
});
