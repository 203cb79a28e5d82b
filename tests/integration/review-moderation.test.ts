// The admin's moderation of reviews (issue 40): the list by state and stars, newest first, paged;
// hiding with a reason (the review leaves the product's rating, kept by the triggers) and showing
// again; the store's reply set, replaced and removed; who may call; the refusals. Its own database:
// the list's totals count every review.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/admin-reviews/route";
import { POST as hideRoute } from "@/app/api/hide-review/route";
import { POST as showRoute } from "@/app/api/show-review/route";
import { POST as replyRoute } from "@/app/api/reply-review/route";
import { ADMIN_REVIEWS_PAGE_SIZE, REVIEW_HIDE_REASON_MAX, REVIEW_REPLY_MAX, type AdminReview } from "@/lib/reviews/reviews";
import { admin, getRequest, jsonRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";

onOwnDatabase("review_moderation");

let boss: Shopper;
let buyer: Shopper;
let other: Shopper;

beforeAll(async () => {
  [boss, buyer, other] = await Promise.all([admin(), shopper(), shopper()]);
}, 60_000);

async function product(name = `Review phone ${randomUUID().slice(0, 6)}`): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 'x', 1000, 900, now(), 10)`,
    [id, name],
  );
  return id;
}

async function review(userId: string, productId: string, rating: number, createdAt = new Date(), words: { title?: string; body?: string } = {}): Promise<string> {
  const id = randomUUID();
  await query(`INSERT INTO "Review" (id, "productId", "userId", "authorName", rating, title, body, "createdAt") VALUES ($1, $2, $3, 'Meera S.', $4, $5, $6, $7)`, [
    id,
    productId,
    userId,
    rating,
    words.title ?? "",
    words.body ?? "",
    createdAt,
  ]);
  return id;
}

const ratingOf = async (productId: string) =>
  (await query<{ ratingCount: number; ratingSum: number; ratingAvg: number; ratingStars: number[] }>(`SELECT "ratingCount", "ratingSum", "ratingAvg", "ratingStars" FROM "Product" WHERE id = $1`, [productId]))[0]!;
const rowOf = async (reviewId: string) =>
  (
    await query<{ hiddenAt: Date | null; hiddenReason: string | null; hiddenBy: string | null; reply: string | null; repliedAt: Date | null; rating: number; title: string; body: string }>(
      `SELECT "hiddenAt", "hiddenReason", "hiddenBy", reply, "repliedAt", rating, title, body FROM "Review" WHERE id = $1`,
      [reviewId],
    )
  )[0]!;

// As the admin unless another caller is named ("" for nobody).
const list = (search: string, cookie = boss.cookie) => listRoute(getRequest(`/api/admin-reviews${search}`, cookie || undefined), noContext);
const hide = (body: unknown, cookie = boss.cookie) => hideRoute(jsonRequest("/api/hide-review", body, { cookie: cookie || undefined }), noContext);
const show = (body: unknown, cookie = boss.cookie) => showRoute(jsonRequest("/api/show-review", body, { cookie: cookie || undefined }), noContext);
const reply = (body: unknown, cookie = boss.cookie) => replyRoute(jsonRequest("/api/reply-review", body, { cookie: cookie || undefined }), noContext);

async function refused(response: Response, status: number, message?: RegExp | string): Promise<void> {
  const answer = await response.json();
  expect(response.status, JSON.stringify(answer)).toBe(status);
  expect(answer).toMatchObject({ success: false, error: true });
  if (typeof message === "string") expect(answer.message).toBe(message);
  else if (message) expect(answer.message).toMatch(message);
}

describe("who may moderate", () => {
  it("anonymous callers get 401 and shoppers 403 on every moderation call, and nothing changes", async () => {
    const productId = await product();
    const reviewId = await review(buyer.id, productId, 4);
    for (const cookie of ["", buyer.cookie]) {
      const status = cookie ? 403 : 401;
      await refused(await list("", cookie), status);
      await refused(await hide({ reviewId, reason: "Spam" }, cookie), status);
      await refused(await show({ reviewId }, cookie), status);
      await refused(await reply({ reviewId, reply: "Thanks" }, cookie), status);
    }
    expect(await rowOf(reviewId)).toMatchObject({ hiddenAt: null, reply: null });
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 1, ratingSum: 4 });
  });
});

describe("hiding and showing", () => {
  it("hiding takes the review out of the product's count and average (the triggers), keeps the reason and who hid it; showing puts it back", async () => {
    const productId = await product();
    const five = await review(buyer.id, productId, 5);
    const two = await review(other.id, productId, 2);
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 2, ratingSum: 7, ratingAvg: 350, ratingStars: [0, 1, 0, 0, 1] });

    const hidden = await hide({ reviewId: two, reason: "  Not about the product:\nabout the courier.  " });
    const answer = await hidden.json();
    expect(hidden.status, answer.message).toBe(200);
    expect(answer).toMatchObject({ success: true, message: "Review hidden", data: { _id: two, rating: 2, hidden: { reason: "Not about the product:\nabout the courier." } } });
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 1, ratingSum: 5, ratingAvg: 500, ratingStars: [0, 0, 0, 0, 1] });
    expect(await rowOf(two)).toMatchObject({ hiddenReason: "Not about the product:\nabout the courier.", hiddenBy: boss.id, hiddenAt: expect.any(Date) });

    // Twice: a 409, the first reason kept.
    await refused(await hide({ reviewId: two, reason: "Another reason" }), 409, "This review is already hidden.");
    expect((await rowOf(two)).hiddenReason).toBe("Not about the product:\nabout the courier.");

    const shown = await show({ reviewId: two });
    expect(shown.status).toBe(200);
    expect((await shown.json()).data).toMatchObject({ _id: two, hidden: null });
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 2, ratingSum: 7, ratingAvg: 350, ratingStars: [0, 1, 0, 0, 1] });
    expect(await rowOf(two)).toMatchObject({ hiddenAt: null, hiddenReason: null, hiddenBy: null });
    // Showing a published review is a 409 too.
    await refused(await show({ reviewId: five }), 409, /not hidden/);
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 2, ratingSum: 7 });
  });

  it("refuses a missing, empty, too long or control-character reason with a 400, an unknown review with a 404; nothing is hidden", async () => {
    const productId = await product();
    const reviewId = await review(buyer.id, productId, 1);
    await refused(await hide({ reviewId }), 400, /Say why the review is hidden/);
    await refused(await hide({ reviewId, reason: "   " }), 400, /Say why the review is hidden/);
    await refused(await hide({ reviewId, reason: "x".repeat(REVIEW_HIDE_REASON_MAX + 1) }), 400, `The reason must be at most ${REVIEW_HIDE_REASON_MAX} characters`);
    await refused(await hide({ reviewId, reason: "Spam\u0000" }), 400, "The reason must not contain control characters (such as a NUL byte)");
    await refused(await hide({ reviewId, reason: 42 }), 400);
    await refused(await hide({ reason: "Spam" }), 400, /reviewId/);
    await refused(await hide({ reviewId: `${reviewId}\u0000`, reason: "Spam" }), 400);
    await refused(await hide({ reviewId: randomUUID(), reason: "Spam" }), 404, "This review does not exist.");
    await refused(await hide({ reviewId: "not-a-review", reason: "Spam" }), 404, "This review does not exist.");
    await refused(await show({ reviewId: randomUUID() }), 404, "This review does not exist.");
    await refused(await show({}), 400);
    await refused(await hideRoute(jsonRequest("/api/hide-review", "{not json", { cookie: boss.cookie }), noContext), 400);
    expect(await rowOf(reviewId)).toMatchObject({ hiddenAt: null, hiddenReason: null });
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 1, ratingSum: 1 });
  });
});

describe("the store's reply", () => {
  it("is set, replaced and removed with an empty reply; the shopper's words and stars are never changed", async () => {
    const productId = await product();
    const reviewId = await review(buyer.id, productId, 3, new Date(), { title: "Decent", body: "Good screen.\nWeak battery." });
    const first = await reply({ reviewId, reply: "  Thank you! A battery update is coming.  " });
    expect(first.status).toBe(200);
    const answer = await first.json();
    expect(answer).toMatchObject({ message: "Reply saved", data: { _id: reviewId, reply: { text: "Thank you! A battery update is coming." } } });
    expect(await rowOf(reviewId)).toMatchObject({ reply: "Thank you! A battery update is coming.", repliedAt: expect.any(Date) });

    // Extra fields are ignored: no call edits the shopper's words.
    const second = await reply({ reviewId, reply: "Line one\nLine two", rating: 5, title: "Changed", body: "Changed" });
    expect(second.status).toBe(200);
    expect(await rowOf(reviewId)).toMatchObject({ reply: "Line one\nLine two", rating: 3, title: "Decent", body: "Good screen.\nWeak battery." });

    const removed = await reply({ reviewId, reply: "" });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ message: "Reply removed", data: { reply: null } });
    expect(await rowOf(reviewId)).toMatchObject({ reply: null, repliedAt: null });
    expect(await ratingOf(productId)).toMatchObject({ ratingCount: 1, ratingSum: 3 });
  });

  it("refuses a too long or control-character reply with a 400 and an unknown review with a 404", async () => {
    const productId = await product();
    const reviewId = await review(buyer.id, productId, 4);
    await refused(await reply({ reviewId, reply: "x".repeat(REVIEW_REPLY_MAX + 1) }), 400, `The reply must be at most ${REVIEW_REPLY_MAX} characters`);
    await refused(await reply({ reviewId, reply: "Thanks\u0007" }), 400, "The reply must not contain control characters (such as a NUL byte)");
    await refused(await reply({ reviewId }), 400);
    await refused(await reply({ reviewId: randomUUID(), reply: "Thanks" }), 404, "This review does not exist.");
    expect((await rowOf(reviewId)).reply).toBeNull();
  });
});

describe("the admin's list", () => {
  it("lists newest first, 20 a page with the total, by state and by stars, with the product's name and the hidden reason", async () => {
    await query(`DELETE FROM "Review"`);
    const name = `Listed phone ${randomUUID().slice(0, 6)}`;
    const start = Date.parse("2026-11-01T10:00:00Z");
    const ids: string[] = [];
    // 25 reviews by the buyer of 25 products, a minute apart, stars 1..5 in turn.
    for (let i = 0; i < 25; i++) ids.push(await review(buyer.id, await product(`${name} ${i}`), (i % 5) + 1, new Date(start + i * 60_000)));
    await hide({ reviewId: ids[24], reason: "Off topic" });
    await hide({ reviewId: ids[3], reason: "Rude" });

    const read = async (search: string) => {
      const response = await list(search);
      const answer = await response.json();
      expect(response.status, answer.message).toBe(200);
      return answer as { data: AdminReview[]; total: number; page: number; pageSize: number };
    };
    const first = await read("");
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: ADMIN_REVIEWS_PAGE_SIZE });
    expect(first.data.map((row) => row._id)).toEqual(ids.slice(5).reverse());
    expect(first.data[0]).toMatchObject({ productName: `${name} 24`, author: "Meera S.", verifiedPurchase: true, hidden: { reason: "Off topic" } });
    expect(first.data[1]).toMatchObject({ hidden: null });
    const second = await read("?page=2");
    expect(second.data.map((row) => row._id)).toEqual(ids.slice(0, 5).reverse());
    expect((await read("?page=3")).data).toEqual([]);

    const hiddenOnes = await read("?state=hidden");
    expect(hiddenOnes.total).toBe(2);
    expect(hiddenOnes.data.map((row) => row.hidden?.reason)).toEqual(["Off topic", "Rude"]);
    const published = await read("?state=published");
    expect(published.total).toBe(23);
    expect(published.data.every((row) => row.hidden === null)).toBe(true);
    const fives = await read("?rating=5&state=all");
    expect(fives.total).toBe(5);
    expect(fives.data.every((row) => row.rating === 5)).toBe(true);
    const hiddenFours = await read("?rating=4&state=hidden");
    expect(hiddenFours.data.map((row) => row._id)).toEqual([ids[3]]);

    await refused(await list("?state=deleted"), 400, /state must be one of all, published, hidden/);
    await refused(await list("?rating=6"), 400, /rating must be/);
    await refused(await list("?rating=2.5"), 400, /rating must be/);
    await refused(await list("?page=0"), 400, /page must be at least 1/);
    await refused(await list("?page=99999"), 400, /page may be at most/);
  });
});
