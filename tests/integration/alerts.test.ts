// Wishlist alerts on a real PostgreSQL, sent through the real `resend` SDK to an emulator of their
// own at Resend's default rate limit (2 requests a second): the triggers' marks, the digest and its
// baselines, what never alerts (a rise, a drop above the baseline, an archived product), once a
// day, two products in one mail, claims, batches paced and backing off on 429; the one-click
// unsubscribe (RFC 8058) for both lists, forged and altered tokens, GET changing nothing, the form
// POST without cookie or Origin through the front door; the shopper's alert and mail-preference calls.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as setAlert } from "@/app/api/wishlist-alert/route";
import { GET as listAlerts } from "@/app/api/wishlist-alerts/route";
import { GET as readPreferences, POST as setPreferences } from "@/app/api/mail-preferences/route";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/unsubscribe/route";
import { GET as getWishlist } from "@/app/api/get-wishlist/route";
import { PUT as updateProductRoute } from "@/app/api/update-product/route";
import { apiGate } from "@/lib/server/front-door/api-gate";
import { unsubscribeHeaders, unsubscribeUrl } from "@/lib/server/accounts/unsubscribe";
import { ALERT_INTERVAL_MS, sendDueAlerts } from "@/lib/server/shop-lists/alerts";
import { BASE, admin, getRequest, jsonRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";
import { startEmulators, type RunningEmulators } from "../../server/emulators/server";
import type { OutboxEmail } from "../../server/emulators/resend";
import { NextRequest } from "next/server";

onOwnDatabase("alerts");

let emulators: RunningEmulators;
const saved = { url: process.env.EMULATOR_URL, limit: process.env.RESEND_RATE_LIMIT };
beforeAll(async () => {
  // Resend's default limit, honestly: the store paces itself to it.
  emulators = await startEmulators();
  process.env.EMULATOR_URL = emulators.url;
  process.env.RESEND_RATE_LIMIT = "2";
});
afterAll(async () => {
  process.env.EMULATOR_URL = saved.url;
  process.env.RESEND_RATE_LIMIT = saved.limit;
  await emulators.stop();
});

// Helpers -----------------------------------------------------------------------------------------

type Product = { id: string; name: string };
/** A product of its own (prices in paise). */
async function product(sellingPrice: number, stock = 10): Promise<Product> {
  const id = randomUUID();
  const name = `Alert phone ${id.slice(0, 8)}`;
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], $3, $4, now(), $5)`,
    [id, name, sellingPrice + 500000, sellingPrice, stock],
  );
  return { id, name };
}
const setPrice = (p: Product, paise: number) => query(`UPDATE "Product" SET "sellingPrice" = $2 WHERE id = $1`, [p.id, paise]);
const productRow = async (p: Product) => (await query<{ alertsDueAt: Date | null; restockedAt: Date | null; sellingPrice: number }>(`SELECT "alertsDueAt", "restockedAt", "sellingPrice" FROM "Product" WHERE id = $1`, [p.id]))[0]!;
const line = async (user: Shopper, p: Product) =>
  (await query<{ priceAlert: boolean; stockAlert: boolean; priceBaseline: number | null; stockSince: Date | null }>(`SELECT "priceAlert", "stockAlert", "priceBaseline", "stockSince" FROM "WishlistItem" WHERE "userId" = $1 AND "productId" = $2`, [user.id, p.id]))[0];
const userRow = async (user: Shopper) => (await query<{ alertsMailedAt: Date | null; alertsClaimedAt: Date | null; reviewRequestsOff: boolean }>(`SELECT "alertsMailedAt", "alertsClaimedAt", "reviewRequestsOff" FROM "User" WHERE id = $1`, [user.id]))[0]!;

const alertOn = (user: Shopper, body: Record<string, unknown>) => setAlert(jsonRequest("/api/wishlist-alert", body, { cookie: user.cookie }), noContext);

const mailsTo = async (user: Shopper): Promise<OutboxEmail[]> => (await (await fetch(`${emulators.url}/resend/outbox?to=${encodeURIComponent(user.email)}`)).json()) as OutboxEmail[];
const alertMailsTo = async (user: Shopper) => (await mailsTo(user)).filter((mail) => mail.headers?.["List-Unsubscribe"]);
const stats = async () => (await (await fetch(`${emulators.url}/resend/stats`)).json()) as { requests: number; rateLimited: number; emails: number; batches: number };

/** The one-click address in a mail's List-Unsubscribe header. */
const oneClickUrl = (mail: OutboxEmail) => /<(https?:\/\/[^>]+)>/.exec(mail.headers!["List-Unsubscribe"]!)![1]!;
/** A mail client's one-click POST (RFC 8058): form-encoded, no cookie, no Origin. */
const oneClick = (url: string, body = "List-Unsubscribe=One-Click", type = "application/x-www-form-urlencoded") =>
  unsubscribePost(new NextRequest(url.replace(/^https?:\/\/[^/]+/, BASE), { method: "POST", headers: { "content-type": type, "x-forwarded-for": `mail-${randomUUID()}` }, body }), noContext);

const HOUR = 3600_000;

// The alert calls ----------------------------------------------------------------------------------

describe("setting alerts", () => {
  it("turns a product's alerts on (adding it to the wishlist), keeps the baseline while on, lists them, and off", async () => {
    const user = await shopper();
    const p = await product(2_000_000, 0);
    const added = await alertOn(user, { productId: p.id, stock: true });
    expect(added.status).toBe(201);
    const body = await added.json();
    expect(body).toMatchObject({ success: true, error: false, data: { stockAlert: true, priceAlert: false, product: { _id: p.id, inStock: false } } });
    expect((await line(user, p))!.stockSince).not.toBeNull();

    expect((await alertOn(user, { productId: p.id, price: true })).status).toBe(200);
    expect(await line(user, p)).toMatchObject({ priceAlert: true, stockAlert: true, priceBaseline: 2_000_000 });
    await setPrice(p, 2_100_000);
    await alertOn(user, { productId: p.id, price: true }); // on again: the baseline stays
    expect((await line(user, p))!.priceBaseline).toBe(2_000_000);

    const listed = await (await listAlerts(getRequest("/api/wishlist-alerts", user.cookie), noContext)).json();
    expect(listed.data).toEqual([expect.objectContaining({ product: expect.objectContaining({ _id: p.id }), priceAlert: true, stockAlert: true, priceBaseline: 20000, since: expect.any(String) })]);
    // get-wishlist keeps its fields and gains the two flags.
    const wishlist = await (await getWishlist(getRequest("/api/get-wishlist", user.cookie), noContext)).json();
    expect(wishlist.data[0]).toMatchObject({ _id: listed.data[0]._id, userId: user.id, productId: expect.objectContaining({ _id: p.id }), createdAt: expect.any(String), priceAlert: true, stockAlert: true });

    expect((await alertOn(user, { productId: p.id, price: false, stock: false })).status).toBe(200);
    expect((await (await listAlerts(getRequest("/api/wishlist-alerts", user.cookie), noContext)).json()).data).toEqual([]);
    expect(await line(user, p)).toMatchObject({ priceAlert: false, stockAlert: false });
  });

  it("refuses in words: no alert named, a malformed id, turning off what is not on the wishlist, signed out, an admin", async () => {
    const user = await shopper();
    const p = await product(1_000_000);
    expect((await alertOn(user, { productId: p.id })).status).toBe(400);
    expect((await alertOn(user, { productId: "nope", price: true })).status).toBe(400);
    const absent = await alertOn(user, { productId: p.id, price: false });
    expect(absent.status).toBe(404);
    expect((await absent.json()).message).toMatch(/no longer in your wishlist/);
    expect((await alertOn(user, { productId: randomUUID(), price: true })).status).toBe(404);
    expect((await setAlert(jsonRequest("/api/wishlist-alert", { productId: p.id, price: true }), noContext)).status).toBe(401);
    const boss = await admin();
    expect((await setAlert(jsonRequest("/api/wishlist-alert", { productId: p.id, price: true }, { cookie: boss.cookie }), noContext)).status).toBe(403);
    expect(await line(user, p)).toBeUndefined();
  });

  it("keeps the review-request preference", async () => {
    const user = await shopper();
    expect((await (await readPreferences(getRequest("/api/mail-preferences", user.cookie), noContext)).json()).data).toEqual({ reviewRequests: true });
    const off = await setPreferences(jsonRequest("/api/mail-preferences", { reviewRequests: false }, { cookie: user.cookie }), noContext);
    expect(await off.json()).toMatchObject({ success: true, data: { reviewRequests: false }, message: "Review request emails are off" });
    expect((await userRow(user)).reviewRequestsOff).toBe(true);
    expect((await setPreferences(jsonRequest("/api/mail-preferences", { reviewRequests: "no" }, { cookie: user.cookie }), noContext)).status).toBe(400);
    await setPreferences(jsonRequest("/api/mail-preferences", { reviewRequests: true }, { cookie: user.cookie }), noContext);
    expect((await userRow(user)).reviewRequestsOff).toBe(false);
  });
});

// Sending -----------------------------------------------------------------------------------------

describe("the sender", () => {
  it("a price drop by the admin's edit: the trigger marks it, the digest goes with one-click headers, the baseline moves", async () => {
    const user = await shopper();
    const boss = await admin();
    const p = await product(7_999_900);
    await alertOn(user, { productId: p.id, price: true });
    // A drop by plain SQL marks the product (the trigger), with no sender started.
    await setPrice(p, 7_899_900);
    expect((await productRow(p)).alertsDueAt).not.toBeNull();
    // The admin's edit: the answer does not wait for the mail (it is sent after it).
    const edit = await updateProductRoute(
      jsonRequest("/api/update-product", { _id: p.id, productName: p.name, brandName: "Volt", category: "mobiles", productImage: ["/images/products/mobi-001-1.svg"], productDesc: "A phone the alerts test edits.", price: 84999, sellingPrice: 74999 }, { method: "PUT", cookie: boss.cookie }),
      noContext,
    );
    expect(edit.status, JSON.stringify(await edit.clone().json())).toBe(200);
    await sendDueAlerts();
    const mails = await alertMailsTo(user);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Price drop: ${p.name}`);
    expect(mail.text).toContain("₹79,999 → ₹74,999");
    expect(mail.text).toContain(`/product/${p.id}`);
    // The wishlist's link is the page that exists.
    expect(mail.text).toContain("/user-panel/wishlist");
    expect(mail.headers).toEqual(unsubscribeHeaders(user.id, "alerts"));
    expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.html).toContain(unsubscribeUrl(user.id, "alerts").replace(/&/g, "&amp;"));
    expect(await line(user, p)).toMatchObject({ priceAlert: true, priceBaseline: 7_499_900 });
    expect((await userRow(user)).alertsMailedAt).not.toBeNull();
    expect((await userRow(user)).alertsClaimedAt).toBeNull();
    expect((await productRow(p)).alertsDueAt).toBeNull();
    // Nothing more is due: another run sends nothing.
    await sendDueAlerts();
    expect(await alertMailsTo(user)).toHaveLength(1);
  });

  it("a restock: the trigger notes it, 'Back in stock' goes to those who asked", async () => {
    const user = await shopper();
    const p = await product(1_299_900, 0);
    await alertOn(user, { productId: p.id, stock: true });
    await query(`UPDATE "Product" SET stock = 5 WHERE id = $1`, [p.id]);
    const row = await productRow(p);
    expect(row.restockedAt).not.toBeNull();
    expect(row.alertsDueAt).not.toBeNull();
    await sendDueAlerts();
    const mails = await alertMailsTo(user);
    expect(mails.map((mail) => mail.subject)).toEqual([`Back in stock: ${p.name}`]);
    expect(mails[0]!.text).toContain("Back in stock at ₹12,999");
    expect((await line(user, p))!.stockSince!.getTime()).toBeGreaterThanOrEqual(row.restockedAt!.getTime());
    // More units while it could be bought already: no restock.
    await query(`UPDATE "Product" SET stock = 9 WHERE id = $1`, [p.id]);
    expect((await productRow(p)).restockedAt).toEqual(row.restockedAt);
  });

  it("nothing when the price rises, or drops but stays above the baseline", async () => {
    const user = await shopper();
    const p = await product(1_000_000);
    await alertOn(user, { productId: p.id, price: true });
    await setPrice(p, 1_200_000);
    expect((await productRow(p)).alertsDueAt).toBeNull();
    await setPrice(p, 1_100_000);
    expect((await productRow(p)).alertsDueAt).not.toBeNull();
    await sendDueAlerts();
    expect(await alertMailsTo(user)).toEqual([]);
    expect((await productRow(p)).alertsDueAt).toBeNull();
    expect((await line(user, p))!.priceBaseline).toBe(1_000_000);
  });

  it("at most one a day: a second drop within 24 h waits, then goes in the next digest", async () => {
    const user = await shopper();
    const p = await product(5_000_000);
    await alertOn(user, { productId: p.id, price: true });
    await setPrice(p, 4_800_000);
    const t0 = new Date();
    await sendDueAlerts({ now: t0 });
    expect(await alertMailsTo(user)).toHaveLength(1);

    await setPrice(p, 4_500_000);
    await sendDueAlerts({ now: new Date(t0.getTime() + HOUR) });
    expect(await alertMailsTo(user)).toHaveLength(1);
    // The mark waits for the day's end, not for ever.
    const mailedAt = (await userRow(user)).alertsMailedAt!;
    expect(mailedAt.getTime()).toBeGreaterThanOrEqual(t0.getTime());
    expect((await productRow(p)).alertsDueAt!.getTime()).toBe(mailedAt.getTime() + ALERT_INTERVAL_MS);
    await sendDueAlerts({ now: new Date(mailedAt.getTime() + ALERT_INTERVAL_MS - 1) });
    expect(await alertMailsTo(user)).toHaveLength(1);

    await sendDueAlerts({ now: new Date(t0.getTime() + 25 * HOUR) });
    const mails = await alertMailsTo(user);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain("₹48,000 → ₹45,000");
    expect((await productRow(p)).alertsDueAt).toBeNull();
  });

  it("one digest lists every product that changed for the shopper", async () => {
    const user = await shopper();
    const a = await product(3_000_000);
    const b = await product(900_000, 0);
    await alertOn(user, { productId: a.id, price: true });
    await alertOn(user, { productId: b.id, stock: true });
    await setPrice(a, 2_900_000);
    await query(`UPDATE "Product" SET stock = 3 WHERE id = $1`, [b.id]);
    await sendDueAlerts();
    const mails = await alertMailsTo(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("2 products on your wishlist changed");
    expect(mails[0]!.text).toContain(`${a.name}: Price drop: ₹30,000 → ₹29,000`);
    expect(mails[0]!.text).toContain(`${b.name}: Back in stock at ₹9,000`);
  });

  it("never for an archived product", async () => {
    const user = await shopper();
    const p = await product(2_500_000);
    await alertOn(user, { productId: p.id, price: true });
    await query(`UPDATE "Product" SET "archivedAt" = now(), "sellingPrice" = 2000000 WHERE id = $1`, [p.id]);
    await sendDueAlerts();
    expect(await alertMailsTo(user)).toEqual([]);
    expect((await productRow(p)).alertsDueAt).toBeNull();
  });

  it("skips a shopper another sender has claimed, and keeps the product marked for them", async () => {
    const user = await shopper();
    const p = await product(1_500_000);
    await alertOn(user, { productId: p.id, price: true });
    await query(`UPDATE "User" SET "alertsClaimedAt" = now() WHERE id = $1`, [user.id]);
    await setPrice(p, 1_400_000);
    await sendDueAlerts();
    expect(await alertMailsTo(user)).toEqual([]);
    expect((await productRow(p)).alertsDueAt).not.toBeNull();
    // The claim of a sender that died expires.
    await sendDueAlerts({ now: new Date(Date.now() + 11 * 60_000) });
    expect(await alertMailsTo(user)).toHaveLength(1);
  });

  it("a batch the provider refuses lets its shoppers go and keeps the product marked; the next run sends it", async () => {
    const user = await shopper();
    const p = await product(3_300_000);
    await alertOn(user, { productId: p.id, price: true });
    await setPrice(p, 3_200_000);
    emulators.outages.add("resend");
    try {
      expect((await sendDueAlerts()).mailed).toBe(0);
    } finally {
      emulators.outages.delete("resend");
    }
    expect(await alertMailsTo(user)).toEqual([]);
    expect(await userRow(user)).toMatchObject({ alertsMailedAt: null, alertsClaimedAt: null });
    expect((await productRow(p)).alertsDueAt).not.toBeNull();
    expect((await line(user, p))!.priceBaseline).toBe(3_300_000);
    await sendDueAlerts();
    expect(await alertMailsTo(user)).toHaveLength(1);
    expect((await productRow(p)).alertsDueAt).toBeNull();
  });

  it("sends many shoppers in batches, paced to the limit, backing off on a 429 and sending each once", async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    const p = await product(6_000_000);
    for (const user of users) await alertOn(user, { productId: p.id, price: true });
    await setPrice(p, 5_500_000);
    const before = await stats();
    // Someone else spends this second's requests: the sender's first batch meets a 429 and waits.
    const busy = () => fetch(`${emulators.url}/emails/${randomUUID()}`, { headers: { authorization: "Bearer re_other_sender" } });
    await Promise.all([busy(), busy(), busy()]);
    const run = await sendDueAlerts({ chunk: 2 });
    expect(run).toMatchObject({ mailed: 5, batches: 3 });
    const after = await stats();
    expect(after.batches - before.batches).toBe(3);
    expect(after.rateLimited - before.rateLimited).toBeGreaterThanOrEqual(2);
    for (const user of users) expect(await alertMailsTo(user)).toHaveLength(1);
  });
});

// Unsubscribing -------------------------------------------------------------------------------------

describe("one-click unsubscribe", () => {
  let user: Shopper;
  let p: Product;
  let url = "";
  beforeAll(async () => {
    user = await shopper();
    p = await product(4_000_000);
    await alertOn(user, { productId: p.id, price: true, stock: true });
    await setPrice(p, 3_900_000);
    await sendDueAlerts();
    url = oneClickUrl((await alertMailsTo(user))[0]!);
  });

  it("the link is the site's, signed, for this shopper and list", () => {
    expect(url).toBe(unsubscribeUrl(user.id, "alerts"));
    expect(url.startsWith(`${process.env.SITE_URL}/api/unsubscribe?t=`)).toBe(true);
    expect(unsubscribeUrl(user.id, "review-requests")).not.toBe(url);
  });

  it("GET changes nothing: it sends the browser to the page with the button", async () => {
    const answer = await unsubscribeGet(getRequest(url.replace(/^https?:\/\/[^/]+/, "")), noContext);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/unsubscribe?t=${new URL(url).searchParams.get("t")}`);
    expect(await line(user, p)).toMatchObject({ priceAlert: true, stockAlert: true });
  });

  it("forged and altered tokens change nothing, in words", async () => {
    const token = new URL(url).searchParams.get("t")!;
    const other = await shopper();
    const [payload, signature] = token.split(".") as [string, string];
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    const otherPayload = Buffer.from(`alerts:${other.id}`).toString("base64url");
    const tries = [`${BASE}/api/unsubscribe?t=forged.${"x".repeat(43)}`, `${BASE}/api/unsubscribe?t=${payload}.${flipped}`, `${BASE}/api/unsubscribe?t=${otherPayload}.${signature}`, `${BASE}/api/unsubscribe?t=${token}x`];
    for (const attempt of tries) {
      const answer = await oneClick(attempt);
      expect(answer.status, attempt).toBe(400);
      expect((await answer.json()).message).toMatch(/not valid.*Nothing was changed/);
    }
    const missing = await oneClick(`${BASE}/api/unsubscribe`);
    expect(missing.status).toBe(400);
    expect(await line(user, p)).toMatchObject({ priceAlert: true, stockAlert: true });
    // A deleted account's valid link: 404, in words.
    const gone = randomUUID();
    const answer = await oneClick(unsubscribeUrl(gone, "review-requests"));
    expect(answer.status).toBe(404);
    expect((await answer.json()).message).toMatch(/no account/i);
  });

  it("refuses a body that is not the one-click form", async () => {
    expect((await oneClick(url, JSON.stringify({ "List-Unsubscribe": "One-Click" }), "application/json")).status).toBe(415);
    expect((await oneClick(url, "List-Unsubscribe=Later")).status).toBe(400);
    expect((await oneClick(url, `List-Unsubscribe=One-Click&pad=${"x".repeat(2000)}`)).status).toBe(413);
    expect(await line(user, p)).toMatchObject({ priceAlert: true, stockAlert: true });
  });

  it("passes the front door as a mail client sends it: form-encoded, no Origin, no cookie (and from another site too)", async () => {
    const path = new URL(url).pathname;
    expect(apiGate("POST", path, null, "26").answer).toBeNull();
    expect(apiGate("POST", path, "https://mail.example", "26").answer).toBeNull();
    expect(apiGate("POST", path, null, "5000").answer?.status).toBe(413);
    expect(apiGate("GET", path, null).answer).toBeNull();
    expect(apiGate("PUT", path, null).answer?.status).toBe(405);
  });

  it("a valid POST turns every alert of the shopper off at once: 200, no redirect; My Account's list shows none", async () => {
    const second = await product(1_000_000, 0);
    await alertOn(user, { productId: second.id, stock: true });
    const answer = await unsubscribePost(
      new NextRequest(url.replace(/^https?:\/\/[^/]+/, BASE), { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example", "sec-fetch-site": "cross-site" }, body: "List-Unsubscribe=One-Click" }),
      noContext,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("location")).toBeNull();
    expect(await answer.json()).toMatchObject({ success: true, error: false, data: { list: "alerts" }, message: "You are unsubscribed from wishlist alerts." });
    expect(await line(user, p)).toMatchObject({ priceAlert: false, stockAlert: false });
    expect(await line(user, second)).toMatchObject({ priceAlert: false, stockAlert: false });
    expect((await (await listAlerts(getRequest("/api/wishlist-alerts", user.cookie), noContext)).json()).data).toEqual([]);
    // The products stay on the wishlist; a second click is as good as the first.
    expect((await oneClick(url)).status).toBe(200);
    expect((await userRow(user)).reviewRequestsOff).toBe(false);
  });

  it("the review-request list: its link turns those mails off and leaves the alerts alone (multipart form too)", async () => {
    const other = await shopper();
    const q = await product(2_000_000);
    await alertOn(other, { productId: q.id, price: true });
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const request = new Request(unsubscribeUrl(other.id, "review-requests").replace(/^https?:\/\/[^/]+/, BASE), { method: "POST", body: form });
    const answer = await unsubscribePost(new NextRequest(request), noContext);
    expect(answer.status).toBe(200);
    expect((await answer.json()).data).toEqual({ list: "review-requests" });
    expect((await userRow(other)).reviewRequestsOff).toBe(true);
    expect(await line(other, q)).toMatchObject({ priceAlert: true });
  });
});
