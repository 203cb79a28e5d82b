// Checkout and orders through the real route handlers on a real PostgreSQL, with the Stripe SDK
// talking to the run's Stripe emulator and mail going through the real Resend SDK to its emulator.
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { absoluteUrl } from "@/lib/site-url";
import { POST as checkoutRoute } from "@/app/api/checkout/route";
import { GET as getOrders } from "@/app/api/get-order-details/route";
import { POST as webhookRoute } from "@/app/api/webhook/route";
import { GET as cronRoute } from "@/app/api/cron/order-emails/route";
import { SHIPPING_AMOUNT_PAISE, STRIPE_SESSION_FRESH_MS, SUCCESS_LOOKUPS_PER_ACCOUNT } from "@/lib/constants";
import { hit } from "@/lib/server/platform/rate-limit";
import { stripeClient } from "@/lib/server/providers/stripe";
import { fulfilCheckoutSession, sendPendingOrderEmails } from "@/lib/server/orders/orders";
import type { PublicOrder } from "@/lib/server/orders/types";
import { startEmulators } from "../../server/emulators/server";
import {
  emulatorUrl,
  addLine,
  checkout,
  startCheckout,
  paidCheckout,
  type EmulatedSession,
  sessionsOf,
  lineItemsOf,
  pay,
  retrieve,
  signedEvent,
  completedEvent,
  deliver,
  ordersOf,
  cartOf,
  outbox,
  eventually,
} from "./checkout-kit";
import { admin, BASE, getRequest, jsonRequest, noContext, query, shopper, type Shopper } from "../helpers";
import { NextRequest } from "next/server";

type Product = { id: string; pricePaise: number; name: string };
const products: Product[] = [];

async function makeProduct(pricePaise: number, name = `Checkout phone ${randomUUID().slice(0, 8)}`, stock = 1000): Promise<Product> {
  const id = randomUUID();
  await query(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, $2, 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], $3, $4, now(), $5)`,
    [id, name, pricePaise + 100_000, pricePaise, stock],
  );
  return { id, pricePaise, name };
}

beforeAll(async () => {
  products.push(await makeProduct(1_499_900), await makeProduct(250_050), await makeProduct(99_900));
});

describe("POST /api/checkout: who may call, and what is charged", () => {
  it("answers 401 to anonymous callers and 403 to admins", async () => {
    expect((await checkout(undefined, { cartItems: [] })).status).toBe(401);
    const boss = await admin();
    expect((await checkout(boss.cookie, { cartItems: [] })).status).toBe(403);
  });

  it("refuses an empty cart with 400 and a clear message", async () => {
    const me = await shopper();
    const response = await checkout(me.cookie, { cartItems: [] });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/cart is empty/i);
    expect(await sessionsOf(me.email)).toHaveLength(0);
  });

  it("charges the database's prices and quantities, whatever the body says", async () => {
    const me = await shopper();
    const phone = await addLine(me, products[0]!.id, 2);
    const cable = await addLine(me, products[1]!.id);
    const response = await checkout(me.cookie, {
      cartItems: [
        { _id: phone._id, quantity: 50, productId: { _id: phone.productId._id, sellingPrice: 1 }, price: 1 },
        { _id: cable._id, quantity: 1, productId: { sellingPrice: 0.01 } },
      ],
    });
    expect(response.status).toBe(200);
    const { id, url } = (await response.json()).data as { id: string; url: string };
    expect(url).toBe(`${emulatorUrl()}/stripe/pay/${id}`);
    const session = await retrieve(id);
    const expected = 2 * products[0]!.pricePaise + products[1]!.pricePaise + SHIPPING_AMOUNT_PAISE;
    expect(session.amount_total).toBe(expected);
    expect(session.currency).toBe("inr");
    expect(session.mode).toBe("payment");
    expect(session.customer_email).toBe(me.email);
    expect(session.success_url).toBe("http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}");
    expect(session.cancel_url).toBe(`http://localhost:3000/cancel?checkout=${session.metadata!.checkoutId}`);
    // Delivery details, the way Stripe collects them; payable for Stripe's shortest time, 30 minutes (and a minute for the way there).
    expect(session.shipping_address_collection).toEqual({ allowed_countries: ["IN"] });
    expect(session.phone_number_collection).toEqual({ enabled: true });
    expect(session.expires_at - session.created).toBeGreaterThanOrEqual(30 * 60);
    expect(session.expires_at - session.created).toBeLessThanOrEqual(31 * 60);
    expect(session.shipping_options).toEqual([{ shipping_amount: SHIPPING_AMOUNT_PAISE, shipping_rate: expect.stringMatching(/^shr_/) }]);
    const items = await lineItemsOf(id);
    expect(items.map((item) => [item.description, item.quantity, item.price.unit_amount])).toEqual([
      [products[0]!.name, 2, products[0]!.pricePaise],
      [products[1]!.name, 1, products[1]!.pricePaise],
    ]);
    const [row] = await query<{ id: string; total: number; status: string }>(`SELECT id, total, status FROM "Checkout" WHERE "stripeSessionId" = $1`, [id]);
    expect(row).toMatchObject({ total: expected, status: "OPEN" });
    expect(session.client_reference_id).toBe(row!.id);
    expect(session.metadata).toEqual({ checkoutId: row!.id, userId: me.id });
  });

  it("buys only the lines named, and refuses another user's line or a product that is not in the cart", async () => {
    const a = await shopper();
    const b = await shopper();
    const lineOfA = await addLine(a, products[0]!.id);
    const lineOfB = await addLine(b, products[1]!.id);
    const stolen = await checkout(b.cookie, { cartItems: [lineOfB, { _id: lineOfA._id }] });
    expect(stolen.status).toBe(400);
    expect((await checkout(b.cookie, { cartItems: [products[2]!.id] })).status).toBe(400);
    expect((await checkout(b.cookie, { cartItems: [{ _id: "not-a-line" }] })).status).toBe(400);
    expect(await sessionsOf(b.email)).toHaveLength(0);
    expect(await query(`SELECT id FROM "Checkout" WHERE "userId" = $1`, [b.id])).toHaveLength(0);
  });

  it("makes one Stripe session for a double submit and for a retried request", async () => {
    const me = await shopper();
    const line = await addLine(me, products[2]!.id);
    const answers = await Promise.all([0, 1, 2].map(() => checkout(me.cookie, { cartItems: [line] })));
    const bodies = await Promise.all(answers.map((answer) => answer.json()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(bodies.map((body) => body.id)).size).toBe(1);
    const again = await startCheckout(me, [line]);
    expect(again.id).toBe(bodies[0].id);
    expect(await sessionsOf(me.email)).toHaveLength(1);
    expect(await query(`SELECT id FROM "Checkout" WHERE "userId" = $1`, [me.id])).toHaveLength(1);
  });

  it("refuses, before calling Stripe, a total over Stripe's INR maximum", async () => {
    const me = await shopper();
    const pricey = await makeProduct(60_000_000);
    const line = await addLine(me, pricey.id, 2);
    const tooMuch = await checkout(me.cookie, { cartItems: [line] });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).message).toMatch(/at most ₹9,99,999\.99/);
    expect(await sessionsOf(me.email)).toHaveLength(0);
    expect(await query(`SELECT id FROM "Checkout" WHERE "userId" = $1`, [me.id])).toHaveLength(0);
  });
});

describe("POST /api/checkout from an API client on another site", () => {
  const CLIENT = "https://shop-client.example";
  const withOrigin = (cookie: string, origin: string | null, lines: { _id: string }[]) =>
    checkoutRoute(jsonRequest("/api/checkout", { cartItems: lines }, { cookie, headers: origin ? { origin } : {} }), noContext);

  it("sends the shopper of a listed origin back to that origin's /success and /cancel", async () => {
    process.env.ALLOWED_ORIGINS = CLIENT;
    try {
      const me = await shopper();
      const line = await addLine(me, products[2]!.id);
      const answer = await withOrigin(me.cookie, CLIENT, [line]);
      expect(answer.status).toBe(200);
      const session = await retrieve((await answer.json()).id);
      expect(session.success_url).toBe(`${CLIENT}/success?session_id={CHECKOUT_SESSION_ID}`);
      expect(session.cancel_url).toBe(`${CLIENT}/cancel?checkout=${session.metadata!.checkoutId}`);
      // The same cart from the store's own pages gets a session that returns to the store.
      const own = await withOrigin(me.cookie, new URL(process.env.SITE_URL!).origin, [line]);
      const ownSession = await retrieve((await own.json()).id);
      expect(ownSession.id).not.toBe(session.id);
      expect(ownSession.success_url).toBe(`${process.env.SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`);
    } finally {
      delete process.env.ALLOWED_ORIGINS;
    }
  });

  it("never builds them from an unlisted or missing origin: those keep the store's pages, or are refused", async () => {
    process.env.ALLOWED_ORIGINS = CLIENT;
    try {
      const me = await shopper();
      const line = await addLine(me, products[2]!.id);
      const before = (await sessionsOf(me.email)).length;
      expect((await withOrigin(me.cookie, "https://elsewhere.example", [line])).status).toBe(403);
      expect(await sessionsOf(me.email)).toHaveLength(before);
      const script = await withOrigin(me.cookie, null, [line]);
      expect(script.status).toBe(200);
      const session = await retrieve((await script.json()).id);
      expect(session.success_url).toBe(`${process.env.SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`);
      expect(session.cancel_url).toBe(`${process.env.SITE_URL}/cancel?checkout=${session.metadata!.checkoutId}`);
    } finally {
      delete process.env.ALLOWED_ORIGINS;
    }
  });
});

describe("POST /api/webhook: only Stripe's signature opens it", () => {
  let session: EmulatedSession;
  let owner: Shopper;
  beforeAll(async () => {
    owner = await shopper();
    const line = await addLine(owner, products[2]!.id);
    const started = await startCheckout(owner, [line]);
    await pay(started.id);
    session = await retrieve(started.id);
  });

  it.each([
    ["no Stripe-Signature header", () => ({ ...signedEvent("checkout.session.completed", session), header: null })],
    ["a signature made with another secret", () => signedEvent("checkout.session.completed", session, { secret: "whsec_someone_else" })],
    ["a stale timestamp (301 s old)", () => signedEvent("checkout.session.completed", session, { timestamp: Math.floor(Date.now() / 1000) - 301 })],
    ["a forged header", () => ({ ...signedEvent("checkout.session.completed", session), header: `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}` })],
    ["a body changed after signing", () => {
      const event = signedEvent("checkout.session.completed", session);
      return { payload: event.payload.replace('"livemode":false', '"livemode":true'), header: event.header };
    }],
  ])("answers 400 and writes nothing for %s", async (_name, make) => {
    const { payload, header } = make();
    const response = await deliver(payload, header);
    expect(response.status).toBe(400);
    expect(await ordersOf(owner.id)).toHaveLength(0);
    expect(await query(`SELECT id FROM "ProcessedEvent" WHERE id = $1`, [JSON.parse(payload).id])).toHaveLength(0);
  });

  it("answers 2xx and writes nothing for a session that is not ours, and ignores other event types", async () => {
    const made = await new Stripe("sk_test_x", { host: new URL(emulatorUrl()).hostname, port: Number(new URL(emulatorUrl()).port), protocol: "http" }).checkout.sessions.create({
      mode: "payment",
      success_url: "http://localhost:3000/success",
      metadata: { checkoutId: randomUUID(), userId: owner.id },
      line_items: [{ quantity: 1, price_data: { currency: "inr", unit_amount: 5000, product_data: { name: "Not ours" } } }],
    });
    await pay(made.id);
    const stranger = signedEvent("checkout.session.completed", await retrieve(made.id));
    const unknownSession = signedEvent("checkout.session.completed", { ...session, id: "cs_test_doesnotexist" });
    const other = signedEvent("payment_intent.created", { id: "pi_123", object: "payment_intent" });
    for (const event of [stranger, unknownSession, other]) {
      const response = await deliver(event.payload, event.header);
      expect(response.status).toBe(200);
    }
    expect(await query(`SELECT id FROM "Order" WHERE "checkoutSessionId" IN ($1, $2)`, [made.id, "cs_test_doesnotexist"])).toHaveLength(0);
    expect(await ordersOf(owner.id)).toHaveLength(0);
  });
});

describe("fulfilment: exactly once, whatever arrives twice or in parallel", () => {
  it("10 parallel deliveries of one event plus the success page make one order, one email, and take only what was bought out of the cart", async () => {
    const me = await shopper();
    const phone = await addLine(me, products[0]!.id, 2);
    const cable = await addLine(me, products[1]!.id, 1);
    const started = await startCheckout(me, [phone, cable]);
    // After checkout began: the phone line is raised by one, and a new line is added.
    await addLine(me, products[0]!.id);
    const later = await addLine(me, products[2]!.id);
    await pay(started.id);
    const event = await completedEvent(started.id);

    const [success, ...answers] = await Promise.all([
      fulfilCheckoutSession(started.id, { userId: me.id }),
      ...Array.from({ length: 10 }, () => deliver(event.payload, event.header)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(success.status).toBe("fulfilled");
    const orders = await ordersOf(me.id);
    expect(orders).toHaveLength(1);
    const total = 2 * products[0]!.pricePaise + products[1]!.pricePaise + SHIPPING_AMOUNT_PAISE;
    expect(orders[0]).toMatchObject({ totalAmount: total, expectedAmount: total });
    expect(await query(`SELECT id FROM "ProcessedEvent" WHERE id = $1`, [JSON.parse(event.payload).id])).toHaveLength(1);
    expect(await query(`SELECT status FROM "Checkout" WHERE "stripeSessionId" = $1`, [started.id])).toEqual([{ status: "COMPLETED" }]);

    expect(await cartOf(me.id)).toEqual([
      { id: phone._id, productId: products[0]!.id, quantity: 1 },
      { id: later._id, productId: products[2]!.id, quantity: 1 },
    ]);

    const mails = await eventually(() => outbox(me.email), (list) => list.length > 0);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/order #[0-9A-F]{8} is confirmed/);
    expect(mails[0]!.text).toContain(`2 × ${products[0]!.name}`);
    expect(mails[0]!.text).toContain("Total paid: ₹");
    expect(mails[0]!.html).toContain("/user-panel/my-orders");
    await eventually(() => ordersOf(me.id), (rows) => rows[0]!.emailSentAt !== null);
    // A late delivery, another success-page visit and a retry round change nothing.
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect(await fulfilCheckoutSession(started.id, { userId: me.id })).toMatchObject({ status: "fulfilled", created: false });
    await sendPendingOrderEmails();
    expect(await ordersOf(me.id)).toHaveLength(1);
    expect(await outbox(me.email)).toHaveLength(1);
  });

  it("records nothing for an unpaid session, and closes the checkout when it expires", async () => {
    const me = await shopper();
    const line = await addLine(me, products[2]!.id);
    const started = await startCheckout(me, [line]);
    expect(await fulfilCheckoutSession(started.id, { userId: me.id })).toEqual({ status: "pending" });
    const unpaid = await completedEvent(started.id);
    expect((await deliver(unpaid.payload, unpaid.header)).status).toBe(200);
    expect(await ordersOf(me.id)).toHaveLength(0);
    const expired = signedEvent("checkout.session.expired", await retrieve(started.id));
    expect((await deliver(expired.payload, expired.header)).status).toBe(200);
    expect(await query(`SELECT status FROM "Checkout" WHERE "stripeSessionId" = $1`, [started.id])).toEqual([{ status: "EXPIRED" }]);
    expect(await cartOf(me.id)).toHaveLength(1);
  });

  it("answers 5xx when the database fails mid-fulfilment, writes nothing, and the retry succeeds once", async () => {
    const me = await shopper();
    const probe = await makeProduct(123_400, `db-failure-probe ${randomUUID().slice(0, 8)}`);
    const started = await paidCheckout(me, probe.id);
    const event = await completedEvent(started.id);
    const constraint = `fail_probe_${randomUUID().slice(0, 8)}`;
    // A real database error in the middle of the transaction: the order row is written, its line is refused.
    await query(`ALTER TABLE "OrderItem" ADD CONSTRAINT ${constraint} CHECK ("name" NOT LIKE 'db-failure-probe%')`);
    try {
      const failed = await deliver(event.payload, event.header);
      expect(failed.status).toBe(500);
      expect(JSON.stringify(await failed.json())).not.toMatch(/OrderItem|constraint|prisma/i);
      expect(await ordersOf(me.id)).toHaveLength(0);
      expect(await cartOf(me.id)).toHaveLength(1);
      expect(await query(`SELECT id FROM "ProcessedEvent" WHERE id = $1`, [JSON.parse(event.payload).id])).toHaveLength(0);
    } finally {
      await query(`ALTER TABLE "OrderItem" DROP CONSTRAINT ${constraint}`);
    }
    const retried = await Promise.all([deliver(event.payload, event.header), deliver(event.payload, event.header)]);
    expect(retried.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await ordersOf(me.id)).toHaveLength(1);
    expect(await cartOf(me.id)).toHaveLength(0);
  });

  it("keeps the order when its email fails, and the retry sends it once", async () => {
    const me = await shopper();
    const started = await paidCheckout(me, products[1]!.id);
    const from = process.env.EMAIL_FROM;
    process.env.EMAIL_FROM = "not an address"; // the provider refuses the mail (422)
    try {
      expect((await fulfilCheckoutSession(started.id)).status).toBe("fulfilled");
      const [order] = await eventually(() => ordersOf(me.id), (rows) => rows[0]?.emailAttempts === 1 && rows[0].emailClaimedAt === null);
      expect(order).toMatchObject({ emailAttempts: 1, emailSentAt: null });
    } finally {
      if (from === undefined) delete process.env.EMAIL_FROM;
      else process.env.EMAIL_FROM = from;
    }
    expect(await outbox(me.email)).toHaveLength(0);
    // Backing off: not again within the first minute; then once.
    await sendPendingOrderEmails(100);
    expect(await outbox(me.email)).toHaveLength(0);
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await sendPendingOrderEmails(100, later)).toBeGreaterThanOrEqual(1);
    expect(await outbox(me.email)).toHaveLength(1);
    expect((await ordersOf(me.id))[0]!.emailSentAt).not.toBeNull();
    await sendPendingOrderEmails(100, new Date(Date.now() + 10 * 60_000));
    expect(await outbox(me.email)).toHaveLength(1);
  });

  it("records the paid order when a product was deleted meanwhile (its line keeps name and price, without the link)", async () => {
    const me = await shopper();
    const doomed = await makeProduct(77_700);
    const line = await addLine(me, doomed.id);
    const started = await startCheckout(me, [line]);
    await query(`DELETE FROM "Product" WHERE id = $1`, [doomed.id]);
    await pay(started.id);
    const event = await completedEvent(started.id);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    const items = await query<{ productId: string | null; name: string; price: number }>(
      `SELECT i."productId", i.name, i.price FROM "OrderItem" i JOIN "Order" o ON o.id = i."orderId" WHERE o."userId" = $1`,
      [me.id],
    );
    expect(items).toEqual([{ productId: null, name: doomed.name, price: 77_700 }]);
  });

  it("records a payment that arrives after its account was deleted, detached from it", async () => {
    const me = await shopper();
    const started = await paidCheckout(me, products[2]!.id);
    await query(`DELETE FROM "User" WHERE id = $1`, [me.id]);
    const event = await completedEvent(started.id);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect(await query(`SELECT "userId", "customerEmail" FROM "Order" WHERE "checkoutSessionId" = $1`, [started.id])).toEqual([{ userId: null, customerEmail: me.email }]);
  });

  it("checking out a cart whose session was just paid records the order and says so; an expired session is replaced", async () => {
    const me = await shopper();
    const line = await addLine(me, products[1]!.id);
    const paid = await startCheckout(me, [line]);
    await pay(paid.id);
    const again = await checkout(me.cookie, { cartItems: [line] });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/just been paid/);
    expect(await ordersOf(me.id)).toHaveLength(1);

    const other = await shopper();
    const otherLine = await addLine(other, products[1]!.id);
    const first = await startCheckout(other, [otherLine]);
    const expired = await fetch(`${emulatorUrl()}/v1/checkout/sessions/${first.id}/expire`, { method: "POST", headers: { authorization: "Bearer sk_test_x" } });
    expect(expired.status).toBe(200);
    const second = await startCheckout(other, [otherLine]);
    expect(second.id).not.toBe(first.id);
    expect(await query(`SELECT status FROM "Checkout" WHERE "userId" = $1 ORDER BY "createdAt"`, [other.id])).toEqual([{ status: "EXPIRED" }, { status: "OPEN" }]);
  });
});

describe("the success page asks Stripe sparingly (its rate limits are the whole store's)", () => {
  /** Counts the SDK's questions about sessions while `run` runs. */
  async function countingRetrieves(run: (calls: () => number) => Promise<void>): Promise<void> {
    const retrieve = vi.spyOn(stripeClient().checkout.sessions, "retrieve");
    try {
      await run(() => retrieve.mock.calls.length);
    } finally {
      retrieve.mockRestore();
    }
  }

  it("answers loads of an open session from Stripe's last answer for a few seconds, then asks again", async () => {
    const me = await shopper();
    const started = await startCheckout(me, [await addLine(me, products[2]!.id)]);
    await countingRetrieves(async (calls) => {
      const t = Date.now();
      for (let i = 0; i < 5; i++) expect(await fulfilCheckoutSession(started.id, { userId: me.id, now: t + i * 500 })).toEqual({ status: "pending" });
      expect(calls()).toBe(1);
      await pay(started.id);
      // Stripe's kept answer (unpaid) holds until it goes stale; then the page asks and fulfils.
      expect(await fulfilCheckoutSession(started.id, { userId: me.id, now: t + 2500 })).toEqual({ status: "pending" });
      expect((await fulfilCheckoutSession(started.id, { userId: me.id, now: t + STRIPE_SESSION_FRESH_MS + 1 })).status).toBe("fulfilled");
      expect(calls()).toBe(2);
      // Fulfilled: the order answers from the database.
      expect((await fulfilCheckoutSession(started.id, { userId: me.id })).status).toBe("fulfilled");
      expect(calls()).toBe(2);
    });
  });

  it("keeps an expired session's answer for good, and shows no payment to wait for", async () => {
    const me = await shopper();
    const started = await startCheckout(me, [await addLine(me, products[2]!.id)]);
    expect((await fetch(`${emulatorUrl()}/v1/checkout/sessions/${started.id}/expire`, { method: "POST", headers: { authorization: "Bearer sk_test_x" } })).status).toBe(200);
    await countingRetrieves(async (calls) => {
      const t = Date.now();
      expect(await fulfilCheckoutSession(started.id, { userId: me.id, now: t })).toEqual({ status: "unknown" });
      expect(await fulfilCheckoutSession(started.id, { userId: me.id, now: t + 24 * 3600 * 1000 })).toEqual({ status: "unknown" });
      expect(calls()).toBe(1);
    });
  });

  it(`asks at most ${SUCCESS_LOOKUPS_PER_ACCOUNT[0]} times per account per window; past that the page keeps confirming`, async () => {
    const me = await shopper();
    const started = await startCheckout(me, [await addLine(me, products[2]!.id)]);
    const [limit, seconds] = SUCCESS_LOOKUPS_PER_ACCOUNT;
    const t = Date.now();
    await hit({ key: `success-lookup:account:${me.id}`, seconds, now: new Date(t) }, limit);
    await countingRetrieves(async (calls) => {
      expect(await fulfilCheckoutSession(started.id, { userId: me.id, now: t })).toEqual({ status: "pending" });
      expect(calls()).toBe(0);
    });
    // The webhook is never held back by it.
    await pay(started.id);
    const event = await completedEvent(started.id);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
    expect(await ordersOf(me.id)).toHaveLength(1);
  });
});

describe("GET /api/cron/order-emails: only with the cron secret", () => {
  it("is a 404 without CRON_SECRET, a 401 with a wrong token, and retries with the right one", async () => {
    const call = (authorization?: string) => cronRoute(new NextRequest(`${BASE}/api/cron/order-emails`, { headers: authorization ? { authorization } : {} }), noContext);
    delete process.env.CRON_SECRET;
    expect((await call("Bearer anything")).status).toBe(404);
    process.env.CRON_SECRET = "cron-secret-for-the-test-run";
    try {
      expect((await call()).status).toBe(401);
      expect((await call("Bearer cron-secret-for-the-test-run-not")).status).toBe(401);
      const answer = await call("Bearer cron-secret-for-the-test-run");
      expect(answer.status).toBe(200);
      expect((await answer.json()).data).toEqual({ sent: expect.any(Number), steps: expect.any(Number), reviewRequests: expect.any(Number), alerts: expect.objectContaining({ mailed: expect.any(Number) }) });
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});

describe("GET /api/get-order-details and the success page: each user sees only their own orders", () => {
  let a: Shopper;
  let b: Shopper;
  let sessionOfA = "";
  beforeAll(async () => {
    a = await shopper();
    b = await shopper();
    const line = await addLine(a, products[1]!.id, 3);
    sessionOfA = (await startCheckout(a, [line])).id;
    await pay(sessionOfA);
    const event = await completedEvent(sessionOfA);
    expect((await deliver(event.payload, event.header)).status).toBe(200);
  });

  it("answers the spec's order shape, newest first, to the owner", async () => {
    const response = await getOrders(getRequest("/api/get-order-details", a.cookie), noContext);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; total: number; data: PublicOrder[] };
    expect(body.success).toBe(true);
    expect(body.total).toBe(1);
    const [order] = body.data;
    expect(order).toMatchObject({
      userId: a.id,
      email: a.email,
      productDetails: [{ productId: products[1]!.id, name: products[1]!.name, image: [absoluteUrl("/images/products/mobi-001-1.svg")], price: products[1]!.pricePaise / 100, quantity: 3 }],
      paymentDetails: { payment_method_type: ["card"], payment_status: "paid", paymentId: expect.stringMatching(/^pi_/) },
      shipping_options: [{ shipping_amount: SHIPPING_AMOUNT_PAISE, shipping_rate: expect.stringMatching(/^shr_/), name: expect.any(String) }],
      total_amount: (3 * products[1]!.pricePaise + SHIPPING_AMOUNT_PAISE) / 100,
    });
    expect(Date.parse(order!.createdAt)).not.toBeNaN();
  });

  it("shows another user none of them, by list or by session id", async () => {
    const theirs = await (await getOrders(getRequest("/api/get-order-details", b.cookie), noContext)).json();
    expect(theirs.data).toEqual([]);
    expect(await fulfilCheckoutSession(sessionOfA, { userId: b.id })).toEqual({ status: "not-yours" });
    expect(await fulfilCheckoutSession("cs_test_madeup", { userId: b.id })).toEqual({ status: "unknown" });
    expect((await getOrders(getRequest("/api/get-order-details"), noContext)).status).toBe(401);
  });
});

describe("the emulator's hosted page delivers signed events to the webhook, retrying on failure", () => {
  let server: http.Server;
  let emulators: Awaited<ReturnType<typeof startEmulators>>;
  let original = "";
  let refuseFirst = true;
  const statuses: number[] = [];
  beforeAll(async () => {
    // The store's webhook handler behind a real HTTP server, as Stripe reaches it.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        if (refuseFirst) {
          refuseFirst = false;
          statuses.push(503);
          res.writeHead(503).end();
          return;
        }
        const answer = await webhookRoute(
          new NextRequest(`${BASE}/api/webhook`, { method: "POST", headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }),
          noContext,
        );
        statuses.push(answer.status);
        res.writeHead(answer.status, { "content-type": "application/json" }).end(await answer.text());
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    emulators = await startEmulators({ stripe: { webhookUrl: `http://127.0.0.1:${port}/api/webhook`, webhookSecret: process.env.STRIPE_WEBHOOK_SECRET, retryDelaysMs: [100, 200] } });
    original = process.env.EMULATOR_URL!;
    process.env.EMULATOR_URL = emulators.url;
  });
  afterAll(async () => {
    process.env.EMULATOR_URL = original;
    await emulators.stop();
    server.close();
  });

  it("declines a failing test card and creates nothing; a good card pays and the retried delivery makes the order", async () => {
    const me = await shopper();
    const line = await addLine(me, products[2]!.id);
    const started = await startCheckout(me, [line]);
    const page = await fetch(started.url);
    const pageHtml = await page.text();
    expect(pageHtml).toContain(products[2]!.name);
    expect(pageHtml).toMatch(/Total due<\/span><span>₹1,048/);

    const declined = await pay(started.id, "4000000000000002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect((await retrieve(started.id)).payment_status).toBe("unpaid");

    const paid = await pay(started.id);
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://localhost:3000/success?session_id=${started.id}`);
    const orders = await eventually(() => ordersOf(me.id), (rows) => rows.length > 0);
    expect(orders).toHaveLength(1);
    expect(statuses).toEqual([503, 200]);
  });
});
