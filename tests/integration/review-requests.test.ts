// "How is your …?" (issue 40): one mail per delivered order, REVIEW_REQUEST_DAYS after delivery and
// never for an order delivered more than REVIEW_REQUEST_MAX_AGE_DAYS ago; only the products the
// shopper kept, still sold and not reviewed yet, each linked to its review form; never to a deleted
// account or one that said stop; sent once (a live claim holds it, a dead sender's is taken over),
// with the one-click unsubscribe headers and a visible link. The clock is moved by `now`. Its own
// database: the sender walks every order.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { REVIEW_REQUEST_DAYS } from "@/lib/reviews/reviews";
import { readUnsubscribeToken } from "@/lib/server/accounts/unsubscribe";
import { sendDueReviewRequests, sendReviewRequest } from "@/lib/server/reviews/review-requests";
import { onOwnDatabase, query, shopper, type Shopper } from "../helpers";
import { emulatorUrl } from "./checkout-kit";

onOwnDatabase("review_requests");

const DAY = 86_400_000;
const NOW = new Date();
/** Delivered this long ago, as seen at NOW. */
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

type OutboxMail = { subject: string; text: string; html: string; headers: Record<string, string> | null };
/** The review requests mailed to `email`, newest first (not the sign-up's confirmation link). */
async function mailsTo(email: string): Promise<OutboxMail[]> {
  const mails = (await (await fetch(`${emulatorUrl()}/resend/outbox?to=${encodeURIComponent(email)}`)).json()) as OutboxMail[];
  return mails.filter((mail) => mail.subject.startsWith("How "));
}

async function product(name: string, archived = false): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "updatedAt", stock, "archivedAt") VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 'x', 1000, 900, now(), 10, $3)`,
    [id, name, archived ? new Date() : null],
  );
  return id;
}

/** Ids that sort in the order they are made, as the store's uuid v7 ids do (an order's lines keep their order). */
let made = 0;
function orderedId(): string {
  const time = (Date.now() * 1000 + made++).toString(16).padStart(16, "0");
  const tail = randomUUID().replace(/-/g, "");
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${time.slice(12, 15)}-8${tail.slice(0, 3)}-${tail.slice(3, 15)}`;
}

type Line = { productId: string | null; name: string; quantity?: number; refunded?: number };

/** An order of the user's, in `status` (DELIVERED unless said), delivered at `deliveredAt`, with its lines in this order. */
async function order(user: Shopper | null, deliveredAt: Date, lines: Line[], status = "DELIVERED"): Promise<string> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Order" (id, "userId", "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", status, "shippedAt", "deliveredAt", "createdAt")
     VALUES ($1, $2, $3, $7, ARRAY['card'], 'paid', 100000, 100000, $4::"OrderStatus", $5, $5, $6)`,
    [id, user?.id ?? null, user?.email ?? "gone@example.com", status, deliveredAt, new Date(deliveredAt.getTime() - 3 * DAY), `cs_test_${id}`],
  );
  for (const line of lines) {
    await query(`INSERT INTO "OrderItem" (id, "orderId", "productId", name, image, price, quantity, "refundedQuantity") VALUES ($1, $2, $3, $4, ARRAY[]::text[], 90000, $5, $6)`, [
      orderedId(),
      id,
      line.productId,
      line.name,
      line.quantity ?? 1,
      line.refunded ?? 0,
    ]);
  }
  return id;
}

const marksOf = async (orderId: string) =>
  (await query<{ reviewRequestSentAt: Date | null; reviewRequestClaimedAt: Date | null }>(`SELECT "reviewRequestSentAt", "reviewRequestClaimedAt" FROM "Order" WHERE id = $1`, [orderId]))[0]!;

let phone: string;
let earbuds: string;
let charger: string;
let oldCase: string;

beforeAll(async () => {
  phone = await product("Volt Phone 12 <5G>");
  earbuds = await product("Volt Buds");
  charger = await product("Volt Charger 65W");
  oldCase = await product("Volt Case (discontinued)", true);
}, 60_000);

describe("the review request", () => {
  it(`is sent once, ${REVIEW_REQUEST_DAYS} days after delivery: not before, not again; with the link to the review form and the one-click unsubscribe`, async () => {
    const user = await shopper();
    const deliveredAt = ago(REVIEW_REQUEST_DAYS + 1 / 24);
    const orderId = await order(user, deliveredAt, [{ productId: phone, name: "Volt Phone 12 <5G>" }]);

    // Four days after delivery: not yet.
    await sendDueReviewRequests({ now: new Date(deliveredAt.getTime() + 4 * DAY) });
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await marksOf(orderId)).toMatchObject({ reviewRequestSentAt: null, reviewRequestClaimedAt: null });

    expect(await sendDueReviewRequests({ now: NOW })).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = await mailsTo(user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("How is your Volt Phone 12 <5G>?");
    const link = `/product/${phone}#write-review`;
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain(`${link}"`);
    // The product's name is escaped in the HTML.
    expect(mail!.html).toContain("Volt Phone 12 &lt;5G&gt;");
    expect(mail!.html).not.toContain("<5G>");

    // RFC 8058's headers, naming this shopper's review requests; the same address is the mail's visible link.
    const headers = mail!.headers ?? {};
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const address = /^<(https?:\/\/[^>]+\/api\/unsubscribe\?t=([^>]+))>$/.exec(headers["List-Unsubscribe"] ?? "");
    expect(address, headers["List-Unsubscribe"]).not.toBeNull();
    expect(readUnsubscribeToken(address![2])).toEqual({ userId: user.id, list: "review-requests" });
    expect(mail!.text).toContain(`Stop these emails from Volt Electronics: ${address![1]}`);
    expect(mail!.html).toContain("Stop these emails");
    expect(mail!.html).toContain(address![1]);

    expect((await marksOf(orderId)).reviewRequestSentAt).toBeInstanceOf(Date);
    // Called again, later: nothing more.
    await sendDueReviewRequests({ now: new Date(NOW.getTime() + 10 * 60_000) });
    expect(await sendReviewRequest(orderId, new Date(NOW.getTime() + DAY))).toBe("skipped");
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it("names the first product and how many more; leaves out wholly refunded lines, archived and already reviewed products, and repeats", async () => {
    const user = await shopper();
    const reviewed = await product("Volt Watch");
    await query(`INSERT INTO "Review" (id, "productId", "userId", "authorName", rating) VALUES ($1, $2, $3, 'Meera', 5)`, [randomUUID(), reviewed, user.id]);
    const orderId = await order(user, ago(6), [
      { productId: charger, name: "Volt Charger 65W", quantity: 2, refunded: 2 },
      { productId: earbuds, name: "Volt Buds", quantity: 2, refunded: 1 },
      { productId: oldCase, name: "Volt Case (discontinued)" },
      { productId: reviewed, name: "Volt Watch" },
      { productId: phone, name: "Volt Phone 12 <5G>" },
      { productId: earbuds, name: "Volt Buds" },
      { productId: null, name: "A product since deleted" },
    ]);
    expect(await sendReviewRequest(orderId, NOW)).toBe("sent");
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe("How are your Volt Buds and 1 more?");
    expect(mail!.text).toContain(`/product/${earbuds}#write-review`);
    expect(mail!.text).toContain(`/product/${phone}#write-review`);
    expect(mail!.text.split(`/product/${earbuds}#write-review`)).toHaveLength(2);
    for (const left of [charger, oldCase, reviewed]) expect(mail!.text).not.toContain(left);
    expect(mail!.text).not.toContain("A product since deleted");
  });

  it("is not sent for an order delivered 40 days ago, nor one not DELIVERED any more, nor to a deleted account", async () => {
    const user = await shopper();
    const old = await order(user, ago(40), [{ productId: phone, name: "Volt Phone 12 <5G>" }]);
    const refunded = await order(user, ago(7), [{ productId: earbuds, name: "Volt Buds" }], "REFUNDED");
    const detached = await order(null, ago(7), [{ productId: charger, name: "Volt Charger 65W" }]);
    await sendDueReviewRequests({ now: NOW });
    for (const id of [old, refunded, detached]) {
      expect(await sendReviewRequest(id, NOW)).toBe("skipped");
      expect(await marksOf(id)).toMatchObject({ reviewRequestSentAt: null, reviewRequestClaimedAt: null });
    }
    expect(await mailsTo(user.email)).toHaveLength(0);
    expect(await mailsTo("gone@example.com")).toHaveLength(0);
  });

  it("is not sent to a shopper with reviewRequestsOff, nor for an order whose only line was wholly refunded or already reviewed", async () => {
    const stopped = await shopper();
    await query(`UPDATE "User" SET "reviewRequestsOff" = true WHERE id = $1`, [stopped.id]);
    const off = await order(stopped, ago(6), [{ productId: phone, name: "Volt Phone 12 <5G>" }]);
    const user = await shopper();
    const refundedLine = await order(user, ago(6), [{ productId: charger, name: "Volt Charger 65W", quantity: 1, refunded: 1 }]);
    const reviewedLine = await order(user, ago(6), [{ productId: earbuds, name: "Volt Buds" }]);
    await query(`INSERT INTO "Review" (id, "productId", "userId", "authorName", rating) VALUES ($1, $2, $3, 'Meera', 4)`, [randomUUID(), earbuds, user.id]);

    await sendDueReviewRequests({ now: NOW });
    for (const id of [off, refundedLine, reviewedLine]) {
      // Claimed by hand, nothing to ask: let go unsent.
      expect(await sendReviewRequest(id, NOW)).toBe("skipped");
      expect(await marksOf(id)).toMatchObject({ reviewRequestSentAt: null, reviewRequestClaimedAt: null });
    }
    expect(await mailsTo(stopped.email)).toHaveLength(0);
    expect(await mailsTo(user.email)).toHaveLength(0);

    // Back on: the next round asks.
    await query(`UPDATE "User" SET "reviewRequestsOff" = false WHERE id = $1`, [stopped.id]);
    await sendDueReviewRequests({ now: NOW });
    expect((await mailsTo(stopped.email)).map((mail) => mail.subject)).toEqual(["How is your Volt Phone 12 <5G>?"]);
  });

  it("waits while another sender's claim is fresh, and takes over a dead sender's claim", async () => {
    const user = await shopper();
    const orderId = await order(user, ago(8), [{ productId: charger, name: "Volt Charger 65W" }]);
    await query(`UPDATE "Order" SET "reviewRequestClaimedAt" = $2 WHERE id = $1`, [orderId, new Date(NOW.getTime() - 60_000)]);
    await sendDueReviewRequests({ now: NOW });
    expect(await mailsTo(user.email)).toHaveLength(0);
    await query(`UPDATE "Order" SET "reviewRequestClaimedAt" = $2 WHERE id = $1`, [orderId, new Date(NOW.getTime() - 10 * 60_000)]);
    await sendDueReviewRequests({ now: NOW });
    expect((await mailsTo(user.email)).map((mail) => mail.subject)).toEqual(["How is your Volt Charger 65W?"]);
    expect((await marksOf(orderId)).reviewRequestSentAt).toBeInstanceOf(Date);
  });
});

describe("a request whose sent mark was lost", () => {
  it("is taken as sent when Resend refuses its key with other words (the shopper reviewed a product meanwhile), and no second mail goes", async () => {
    const user = await shopper();
    const first = await product("Volt Lost Mark Phone");
    const second = await product("Volt Lost Mark Buds");
    const id = await order(user, ago(REVIEW_REQUEST_DAYS + 1), [
      { productId: first, name: "Volt Lost Mark Phone" },
      { productId: second, name: "Volt Lost Mark Buds" },
    ]);
    expect(await sendReviewRequest(id, NOW)).toBe("sent");
    // The mark did not land (the sender died after the send), and the shopper reviewed one product.
    await query(`UPDATE "Order" SET "reviewRequestSentAt" = NULL, "reviewRequestClaimedAt" = $2 WHERE id = $1`, [id, new Date(NOW.getTime() - 10 * 60_000)]);
    await query(`INSERT INTO "Review" (id, "productId", "userId", "authorName", rating) VALUES (gen_random_uuid(), $1, $2, 'Test S.', 5)`, [first, user.id]);
    expect(await sendReviewRequest(id, NOW)).toBe("sent");
    expect((await marksOf(id)).reviewRequestSentAt).not.toBeNull();
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});
