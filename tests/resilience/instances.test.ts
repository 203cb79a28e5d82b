// Several instances of the store behind nginx, one database (tests/resilience/cluster.ts): what a
// shopper or an admin does through one instance holds on the other, and a catalogue change
// reaches the other instance's cached pages within a second (the LISTEN/NOTIFY broadcast).
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "@/lib/demo-accounts";
import { formatRupees, rupeesToPaise } from "@/lib/money";
import { SIGNIN_FAILURES_PER_ACCOUNT } from "@/lib/constants";
import { categoryFilterHref } from "@/lib/category-filter";
import pg from "pg";
import { startCluster, type Cluster } from "./cluster";
import { call, newShopper, PASSWORD, signIn } from "./client";

let cluster: Cluster;
let A: string;
let B: string;

beforeAll(async () => {
  cluster = await startCluster();
  A = cluster.instances.A.url;
  B = cluster.instances.B.url;
}, 15 * 60_000);

afterAll(async () => {
  await cluster?.stop();
});

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

describe("two instances, one store", () => {
  it("nginx spreads requests over both instances", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(cluster.url, "/api/get-category-product")));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });

  it("a session made through one instance works on the other", async () => {
    const shopper = await newShopper(A, A);
    const onB = await call(B, "/api/user-details", { cookie: shopper.cookie });
    expect(onB.status).toBe(200);
    expect(onB.body.data.email).toBe(shopper.email);
    // Signing out through B ends it on A too.
    expect((await call(B, "/api/logout", { method: "POST", cookie: shopper.cookie })).status).toBe(200);
    expect((await call(A, "/api/user-details", { cookie: shopper.cookie })).status).toBe(401);
  });

  it("sign-in throttling counts the failures made on both instances together", async () => {
    const shopper = await newShopper(A);
    for (let attempt = 0; attempt < SIGNIN_FAILURES_PER_ACCOUNT; attempt++) {
      const answer = await call(attempt % 2 ? B : A, "/api/signin", { body: { email: shopper.email, password: "wrong-password-1" } });
      expect(answer.status, `attempt ${attempt + 1}`).toBe(401);
    }
    for (const instance of [A, B]) {
      const refused = await call(instance, "/api/signin", { body: { email: shopper.email, password: PASSWORD } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    }
  });

  it("an admin's price edit on A is on B's product, category and search pages within a second", async () => {
    const admin = await signIn(A, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const newest = (await call(A, "/api/get-category-wise-product/camera?limit=1")).body.product[0];
    const pages = {
      product: `/product/${newest._id}`,
      category: categoryFilterHref({ categories: ["camera"], unknownOnly: false, sort: null, page: 1 }),
      search: `/search?q=${encodeURIComponent(newest.productName)}`,
    };
    // B holds each page in its page cache before the edit.
    for (const page of Object.values(pages)) {
      await call(B, page);
      const again = await call(B, page);
      expect(again.status, page).toBe(200);
      expect(again.headers.get("x-page-cache"), page).toBe("HIT");
    }
    const sellingPrice = Math.floor(newest.price * 0.6) + 0.37;
    const shown = formatRupees(rupeesToPaise(sellingPrice));
    for (const page of Object.values(pages)) expect((await call(B, page)).text, page).not.toContain(shown);

    const edited = await call(A, "/api/update-product", { method: "PUT", cookie: admin.cookie, body: { ...newest, sellingPrice } });
    expect(edited.status, edited.text).toBe(200);
    const saved = performance.now();
    const delays = await Promise.all(
      Object.entries(pages).map(async ([name, page]) => {
        for (;;) {
          const answer = await call(B, page);
          if (answer.text.includes(shown)) return [name, Math.round(performance.now() - saved)] as const;
          if (performance.now() - saved > 5000) return [name, Infinity] as const;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }),
    );
    console.log(`resilience: price edit on A visible on B after ${delays.map(([name, ms]) => `${name} ${ms} ms`).join(", ")}`);
    for (const [name, ms] of delays) expect(ms, name).toBeLessThan(1000);
  });

  it("a webhook delivered twice, once to each instance, makes one order", async () => {
    const shopper = await newShopper(A);
    const product = (await call(A, "/api/get-product?limit=1")).body.data[0];
    const line = await call(A, "/api/add-to-cart", { cookie: shopper.cookie, body: { productId: product._id } });
    expect(line.status, line.text).toBe(201);
    const started = await call(B, "/api/checkout", { cookie: shopper.cookie, body: { cartItems: [line.body.data] } });
    expect(started.status, started.text).toBe(200);
    const sessionId: string = started.body.data.id;
    // Paid on the (emulated) hosted page; the emulator then delivers the event through nginx too.
    const paid = await fetch(`${cluster.emulators.url}/stripe/pay/${sessionId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "", cardNumber: "4242424242424242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Meera Iyer" }).toString(),
      redirect: "manual",
    });
    expect(paid.status).toBeLessThan(400);
    const session = await (await fetch(`${cluster.emulators.url}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: "Bearer sk_test_x" } })).json();
    const payload = JSON.stringify({ id: `evt_${sessionId}`, object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
    const signature = new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: cluster.webhookSecret });
    const answers = await Promise.all(
      [A, B].map((instance) => fetch(`${instance}/api/webhook`, { method: "POST", headers: { "stripe-signature": signature, "content-type": "application/json" }, body: payload })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const orders = await sql<{ n: string }>(`SELECT count(*) AS n FROM "Order" WHERE "userId" = $1`, [shopper.id]);
    expect(Number(orders[0]!.n)).toBe(1);
    const mine = await call(B, "/api/get-order-details", { cookie: shopper.cookie });
    expect(mine.body.data).toHaveLength(1);
    expect((await call(A, `/api/count-cart-product/${shopper.id}`, { cookie: shopper.cookie })).body.data).toEqual([]);
  });

  it("a cart changed through A reads the same through B", async () => {
    const shopper = await newShopper(B);
    const products = (await call(A, "/api/get-product?limit=2")).body.data;
    const first = await call(A, "/api/add-to-cart", { cookie: shopper.cookie, body: { productId: products[0]._id } });
    await call(A, "/api/add-to-cart", { cookie: shopper.cookie, body: { productId: products[1]._id } });
    expect((await call(A, "/api/update-cart-quantity", { cookie: shopper.cookie, body: { productId: first.body.data._id, quantity: 3 } })).status).toBe(200);
    const lines = async (instance: string) =>
      ((await call(instance, `/api/count-cart-product/${shopper.id}`, { cookie: shopper.cookie })).body.data as { _id: string; quantity: number }[]).map((line) => [line._id, line.quantity]).sort();
    const throughA = await lines(A);
    expect(throughA).toHaveLength(2);
    expect(await lines(B)).toEqual(throughA);
    expect(throughA).toContainEqual([first.body.data._id, 3]);
  });
});
