// Several instances of the store behind nginx, one database (tests/resilience/cluster.ts): what a
// shopper or an admin does through one instance holds on the other, and a catalogue change
// reaches the other instance's cached pages within a second (the LISTEN/NOTIFY broadcast). Then
// the faults: a provider down, PostgreSQL stopped and restarted under load, an instance stopped
// (SIGTERM) under load. One cluster for the file; the faults come last.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN } from "@/lib/accounts/demo-accounts";
import { formatRupees, rupeesToPaise } from "@/lib/shared/money";
import { SIGNIN_FAILURES_PER_ACCOUNT, SIGNIN_WINDOW_SECONDS } from "@/lib/constants";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/server/platform/http";
import { MAIL_PROVIDER_DOWN_MESSAGE } from "@/lib/server/providers/mail";
import { PAYMENT_PROVIDER_DOWN_MESSAGE } from "@/lib/server/providers/stripe";
import { png } from "../png";
import { categoryFilterHref, categoryFilterOf } from "@/lib/catalog/category-filter";
import pg from "pg";
import { CRON_SECRET, startCluster, type Cluster } from "./cluster";
import { TEST_DELIVERY_FORM } from "../../server/emulators/stripe";
import { call, newShopper, PASSWORD, signIn, type Account, type Answer } from "./client";

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

/** GET /api/ready on one instance until it answers 200 (at most 15 s), or its last answer. */
async function eventuallyReady(instance: string): Promise<Answer> {
  const until = Date.now() + 15_000;
  for (;;) {
    const answer = await call(instance, "/api/ready");
    if (answer.status === 200 || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function sql<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Stripe's `checkout.session.completed` for the session as the emulator has it now, signed. */
async function completedEvent(sessionId: string): Promise<{ payload: string; signature: string }> {
  const session = await (await fetch(`${cluster.emulators.url}/v1/checkout/sessions/${sessionId}`, { headers: { authorization: "Bearer sk_test_x" } })).json();
  const payload = JSON.stringify({ id: `evt_${sessionId}`, object: "event", type: "checkout.session.completed", created: Math.floor(Date.now() / 1000), livemode: false, data: { object: session } });
  return { payload, signature: new Stripe("sk_test_x").webhooks.generateTestHeaderString({ payload, secret: cluster.webhookSecret }) };
}

function deliver(base: string, event: { payload: string; signature: string }): Promise<Answer> {
  return call(base, "/api/webhook", { method: "POST", raw: event.payload, headers: { "stripe-signature": event.signature, "content-type": "application/json" } });
}

/** A checkout of one product, paid on the emulated hosted page, its webhook event kept back. */
async function paidSession(shopper: Account, productId: string): Promise<string> {
  const line = await call(cluster.url, "/api/add-to-cart", { cookie: shopper.cookie, body: { productId } });
  expect(line.status, line.text).toBe(201);
  const started = await call(cluster.url, "/api/checkout", { cookie: shopper.cookie, body: { cartItems: [line.body.data] } });
  expect(started.status, started.text).toBe(200);
  const webhookUrl = cluster.stripe.webhookUrl;
  cluster.stripe.webhookUrl = undefined; // the emulator keeps this payment's event instead of sending it
  try {
    await pay(started.body.data.id);
  } finally {
    cluster.stripe.webhookUrl = webhookUrl;
  }
  return started.body.data.id;
}

async function pay(sessionId: string): Promise<void> {
  const paid = await fetch(`${cluster.emulators.url}/stripe/pay/${sessionId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...TEST_DELIVERY_FORM, email: "", cardNumber: "4242424242424242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Meera Iyer" }).toString(),
    redirect: "manual",
  });
  expect(paid.status).toBeLessThan(400);
}

async function ordersOf(userId: string) {
  return sql<{ id: string; emailSentAt: Date | null; emailAttempts: number }>(`SELECT id, "emailSentAt", "emailAttempts" FROM "Order" WHERE "userId" = $1`, [userId]);
}

describe("two instances, one store", () => {
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
    // The limits count in fixed windows (SIGNIN_WINDOW_SECONDS): failures on both sides of a
    // window's end are two windows' worth. Start well inside one (this run once crossed 21:30:00).
    const windowMs = SIGNIN_WINDOW_SECONDS * 1000;
    const leftMs = windowMs - (Date.now() % windowMs);
    if (leftMs < 20_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 100));
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
      category: categoryFilterHref(categoryFilterOf(["camera"])),
      search: `/search?q=${encodeURIComponent(newest.productName)}`,
      api: `/api/get-single-product-details/${newest._id}`,
    };
    // B holds each page (and the API answer) in its cache before the edit.
    for (const page of Object.values(pages)) {
      await call(B, page);
      const again = await call(B, page);
      expect(again.status, page).toBe(200);
      expect(again.headers.get("x-page-cache"), page).toBe("HIT");
    }
    const sellingPrice = Math.floor(newest.price * 0.6) + 0.37;
    const shown = formatRupees(rupeesToPaise(sellingPrice));
    const updated = (name: string, answer: Answer) => (name === "api" ? answer.body.product.sellingPrice === sellingPrice : answer.text.includes(shown));
    for (const [name, page] of Object.entries(pages)) expect(updated(name, await call(B, page)), page).toBe(false);

    const edited = await call(A, "/api/update-product", { method: "PUT", cookie: admin.cookie, body: { ...newest, sellingPrice } });
    expect(edited.status, edited.text).toBe(200);
    const saved = performance.now();
    const delays = await Promise.all(
      Object.entries(pages).map(async ([name, page]) => {
        for (;;) {
          const answer = await call(B, page);
          if (updated(name, answer)) return [name, Math.round(performance.now() - saved)] as const;
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
    await pay(sessionId);
    const { payload, signature } = await completedEvent(sessionId);
    const answers = await Promise.all([A, B].map((instance) => deliver(instance, { payload, signature })));
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

describe("a provider down", () => {
  it("payment and image host stopped: clear 503s, nothing half-written; the webhook delivered again once the provider is back completes the order", async () => {
    const shopper = await newShopper(cluster.url);
    const products = (await call(cluster.url, "/api/get-product?limit=2")).body.data;
    const sessionId = await paidSession(shopper, products[0]._id);
    const event = await completedEvent(sessionId);
    const line = await call(cluster.url, "/api/add-to-cart", { cookie: shopper.cookie, body: { productId: products[1]._id } });
    const email = `picture-${randomUUID().slice(0, 8)}@example.com`;

    await cluster.emulators.pause();
    try {
      // Checkout: a clear message, no order, the cart as it was.
      const checkout = await call(cluster.url, "/api/checkout", { cookie: shopper.cookie, body: { cartItems: [line.body.data] } });
      expect(checkout.status).toBe(503);
      expect(checkout.body.message).toBe(PAYMENT_PROVIDER_DOWN_MESSAGE);
      // The paid session's event: the store cannot confirm the payment, so it asks for a retry.
      for (const instance of [A, B]) {
        const answer = await deliver(instance, event);
        expect(answer.status).toBe(503);
        expect(answer.body.message).toBe(PAYMENT_PROVIDER_DOWN_MESSAGE);
      }
      expect(await ordersOf(shopper.id)).toEqual([]);
      // Sign-up with a picture: the image host is down, so no account.
      const signup = await call(cluster.url, "/api/signup", {
        body: { name: "Picture Person", email, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: `data:image/png;base64,${png(8, 8).toString("base64")}` },
        headers: { "x-forwarded-for": "10.9.9.9" },
      });
      expect(signup.status).toBe(503);
      expect(signup.body.message).toMatch(/not answering/);
      expect(await sql(`SELECT 1 FROM "User" WHERE email = $1`, [email])).toEqual([]);
      // Password reset: the mail would not go, and every caller is told so.
      await new Promise((resolve) => setTimeout(resolve, 5500)); // past the instances' last sight of the provider
      for (const instance of [A, B]) {
        const reset = await call(instance, "/api/send-otp", { body: { email: shopper.email } });
        expect(reset.status).toBe(503);
        expect(reset.body.message).toBe(MAIL_PROVIDER_DOWN_MESSAGE);
      }
    } finally {
      await cluster.emulators.resume();
    }
    const cart = (await call(cluster.url, `/api/count-cart-product/${shopper.id}`, { cookie: shopper.cookie })).body.data;
    expect(cart.map((entry: { _id: string }) => entry._id)).toContain(line.body.data._id);
    // Stripe delivers the event again: now it completes the order, once.
    expect((await deliver(cluster.url, event)).status).toBe(200);
    expect((await deliver(cluster.url, event)).status).toBe(200);
    expect(await ordersOf(shopper.id)).toHaveLength(1);
    // Each instance asks the mail provider again within 5 s of its last sight of it.
    const deadline = Date.now() + 15_000;
    let reset = await call(cluster.url, "/api/send-otp", { body: { email: shopper.email } });
    while (reset.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      reset = await call(cluster.url, "/api/send-otp", { body: { email: shopper.email } });
    }
    expect(reset.status).toBe(200);
  });

  it("email down: the order is recorded, and its confirmation is sent once the provider is back", async () => {
    const shopper = await newShopper(cluster.url);
    const product = (await call(cluster.url, "/api/get-product?limit=1")).body.data[0];
    const sessionId = await paidSession(shopper, product._id);
    cluster.emulators.outages.add("resend");
    try {
      expect((await deliver(cluster.url, await completedEvent(sessionId))).status).toBe(200);
      const [order] = await ordersOf(shopper.id);
      expect(order).toBeDefined();
      // The confirmation was tried after the answer, and failed.
      for (let i = 0; i < 100 && (await ordersOf(shopper.id))[0]!.emailAttempts === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await ordersOf(shopper.id))[0]).toMatchObject({ emailSentAt: null, emailAttempts: 1 });
    } finally {
      cluster.emulators.outages.delete("resend");
    }
    // The retry round (each instance runs one a minute; the cron call asks for one now), once the
    // backoff allows: moved to now here instead of waiting for it.
    await sql(`UPDATE "Order" SET "emailRetryAt" = now() WHERE "userId" = $1`, [shopper.id]);
    const retried = await call(cluster.url, "/api/cron/order-emails", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
    expect(retried.status, retried.text).toBe(200);
    expect((await ordersOf(shopper.id))[0]!.emailSentAt).not.toBeNull();
    const mail = await (await fetch(`${cluster.emulators.url}/resend/outbox?to=${encodeURIComponent(shopper.email)}`)).json();
    expect(mail.filter((entry: { subject: string }) => /order/i.test(entry.subject))).toHaveLength(1);
  });
});

type Outcome = { load: string; status: number; at: number; ms: number };

/** A bounded autocannon run against nginx; every answer is recorded with its time and status. */
function load(name: string, outcomes: Outcome[], errors: string[], options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url: cluster.url, timeout: 10, ...options } as autocannon.Options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("response", (_client, status, _bytes, ms) => outcomes.push({ load: name, status, at: Date.now(), ms }));
    instance.on("reqError", (error) => errors.push(`${name}: ${String(error)}`));
  });
}

describe("PostgreSQL stopped and restarted under load", () => {
  it("serves cached pages, answers 503 within 2 s for the rest, recovers within 5 s, and loses or doubles nothing", async () => {
    const run = randomUUID().slice(0, 8);
    const shopper = await newShopper(cluster.url);
    const buyer = await newShopper(cluster.url);
    // Products with units enough for every add below (the seed has a few out of stock and a few low).
    const products = ((await call(cluster.url, "/api/get-product?limit=40")).body.data as { _id: string; available: number }[]).filter((product) => product.available >= 30);
    const pages = ["/", `/product/${products[0]!._id}`, categoryFilterHref(categoryFilterOf(["mobiles"]))];
    for (const page of pages) for (const instance of [A, B]) await call(instance, page);
    const sessions = [await paidSession(buyer, products[1]!._id), await paidSession(buyer, products[2]!._id)];
    const events = await Promise.all(sessions.map(completedEvent));

    const outcomes: Outcome[] = [];
    const errors: string[] = [];
    let signups = 0;
    let adds = 0;
    const runs = Promise.all([
      // Bounded by count, not time: a run cut off by its clock abandons requests in flight.
      load("pages", outcomes, errors, { connections: 8, amount: 8800, overallRate: 400, requests: pages.map((path) => ({ path })) }),
      load("reads", outcomes, errors, { connections: 2, amount: 880, overallRate: 40, url: `${cluster.url}/api/user-details`, headers: { cookie: shopper.cookie } }),
      load("signups", outcomes, errors, {
        connections: 2,
        amount: 176,
        overallRate: 8,
        requests: [
          {
            method: "POST",
            path: "/api/signup",
            setupRequest: (request) => {
              signups += 1;
              const body = JSON.stringify({ name: "Load Shopper", email: `load-${run}-${signups}@example.com`, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" });
              return { ...request, body, headers: { ...request.headers, "content-type": "application/json", "x-forwarded-for": `10.77.${Math.floor(signups / 250)}.${signups % 250}` } };
            },
          },
        ],
      }),
      load("adds", outcomes, errors, {
        connections: 2,
        amount: 176,
        overallRate: 8,
        requests: [
          {
            method: "POST",
            path: "/api/add-to-cart",
            setupRequest: (request) => {
              adds += 1;
              const productId = products[adds % products.length]!._id;
              return { ...request, body: JSON.stringify({ productId }), headers: { ...request.headers, cookie: shopper.cookie, "content-type": "application/json" } };
            },
          },
        ],
      }),
    ]);

    await new Promise((resolve) => setTimeout(resolve, 4000));
    const stopAsked = Date.now();
    await cluster.database.stop();
    const stoppedAt = Date.now();
    // While it is down: the paid sessions' events cannot be recorded (Stripe will retry them).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const during = await Promise.all(events.map((event) => deliver(cluster.url, event)));
    const down = await call(cluster.url, "/api/user-details", { cookie: shopper.cookie });
    // Each instance says it is not ready (asked directly, as an orchestrator's probe does), and alive.
    const notReady = await Promise.all([A, B].map((instance) => call(instance, "/api/ready")));
    const alive = await Promise.all([A, B].map((instance) => call(instance, "/api/health")));
    await new Promise((resolve) => setTimeout(resolve, 4000));
    const restartAt = Date.now();
    await cluster.database.start!();
    const startedAt = Date.now();
    await runs;
    // Ready again once the database is back (and each broadcast listener has reconnected).
    const readyAgain = await Promise.all([A, B].map((instance) => eventuallyReady(instance)));

    const summary = (name: string) => {
      const mine = outcomes.filter((outcome) => outcome.load === name);
      const statuses: Record<number, number> = {};
      for (const outcome of mine) statuses[outcome.status] = (statuses[outcome.status] ?? 0) + 1;
      return `${name} ${mine.length} (${Object.entries(statuses).map(([status, count]) => `${status}: ${count}`).join(", ")})`;
    };
    const recovery = Math.max(0, ...outcomes.filter((outcome) => outcome.status >= 400 && outcome.at - outcome.ms > startedAt).map((outcome) => outcome.at - startedAt));
    console.log(`resilience: database down ${((restartAt - stoppedAt) / 1000).toFixed(1)} s, back in ${startedAt - restartAt} ms; ${["pages", "reads", "signups", "adds"].map(summary).join("; ")}; last failure begun after the restart ended ${recovery} ms after it; slowest 503 ${Math.round(Math.max(0, ...outcomes.filter((o) => o.status === 503).map((o) => o.ms)))} ms; the direct call ${Math.round(down.ms)} ms; stop took ${stoppedAt - stopAsked} ms`);

    expect(during.map((answer) => answer.status)).toEqual([503, 503]);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ success: false, error: true, message: DATABASE_UNAVAILABLE_MESSAGE });
    expect(down.ms).toBeLessThan(2000);
    expect(notReady.map((answer) => [answer.status, answer.body.data?.checks?.database])).toEqual([
      [503, "down"],
      [503, "down"],
    ]);
    expect(notReady.every((answer) => answer.ms < 2500)).toBe(true);
    expect(alive.map((answer) => answer.status)).toEqual([200, 200]);
    expect(readyAgain.map((answer) => [answer.status, answer.body.data?.checks])).toEqual([
      [200, { database: "ok", broadcast: "connected", draining: false }],
      [200, { database: "ok", broadcast: "connected", draining: false }],
    ]);

    expect(errors).toEqual([]);
    // Every page asked for was answered (a request lost on a connection nginx closed would be missing).
    expect(outcomes.filter((outcome) => outcome.load === "pages")).toHaveLength(8800);
    // Cached pages all the way through.
    expect(outcomes.filter((outcome) => outcome.load === "pages" && outcome.status !== 200)).toEqual([]);
    // Nothing but success and 503; every 503 within 2 s.
    expect(outcomes.filter((outcome) => ![200, 201, 503].includes(outcome.status))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status === 503 && outcome.ms > 2000)).toEqual([]);
    expect(outcomes.some((outcome) => outcome.status === 503)).toBe(true);
    // Within 5 s of its return every request succeeds (and there were requests then to tell).
    const afterRecovery = outcomes.filter((outcome) => outcome.at - outcome.ms > startedAt + 5000);
    expect(afterRecovery.length).toBeGreaterThan(100);
    expect(afterRecovery.filter((outcome) => outcome.status >= 400)).toEqual([]);

    // Nothing lost, nothing doubled: rows match the answers.
    const created = outcomes.filter((outcome) => outcome.load === "signups" && outcome.status === 201).length;
    const [accounts] = await sql<{ n: string }>(`SELECT count(*) AS n FROM "User" WHERE email LIKE $1`, [`load-${run}-%`]);
    expect(Number(accounts!.n)).toBe(created);
    const added = outcomes.filter((outcome) => outcome.load === "adds" && outcome.status < 300).length;
    const [quantity] = await sql<{ n: string }>(`SELECT coalesce(sum(quantity), 0) AS n FROM "CartItem" WHERE "userId" = $1`, [shopper.id]);
    expect(Number(quantity!.n)).toBe(added);
    // Stripe's retry after the outage records each order once.
    for (const event of events) expect((await deliver(cluster.url, event)).status).toBe(200);
    expect(await ordersOf(buyer.id)).toHaveLength(2);
  });
});

describe("an instance stopped under load", () => {
  it("drains what it holds on SIGTERM and ends within 10 s, while nginx sends the rest to the other: no failed request", async () => {
    const shopper = await newShopper(cluster.url);
    const product = (await call(cluster.url, "/api/get-product?limit=1")).body.data[0];
    const outcomes: Outcome[] = [];
    const errors: string[] = [];
    const runs = Promise.all([
      load("pages", outcomes, errors, { connections: 6, amount: 3000, overallRate: 300, requests: [{ path: "/" }, { path: `/search?q=phone+${randomUUID().slice(0, 4)}` }] }),
      load("reads", outcomes, errors, { connections: 4, amount: 1000, overallRate: 100, url: `${cluster.url}/api/get-product?limit=20` }),
      load("writes", outcomes, errors, {
        connections: 2,
        amount: 80,
        overallRate: 8,
        method: "POST",
        url: `${cluster.url}/api/add-to-cart`,
        headers: { cookie: shopper.cookie, "content-type": "application/json" },
        body: JSON.stringify({ productId: product._id }),
      }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const signalled = Date.now();
    const stopped = cluster.instances.A.stop("SIGTERM");
    // While it drains, its probes say so: alive, not ready (a balancer polling it stops choosing it).
    await new Promise((resolve) => setTimeout(resolve, 300));
    const [drainingReady, drainingHealth] = await Promise.all([call(A, "/api/ready"), call(A, "/api/health")]);
    const code = await stopped;
    const stoppedIn = Date.now() - signalled;
    expect([drainingReady.status, drainingReady.body?.data?.checks?.draining, drainingHealth.status]).toEqual([503, true, 200]);
    await runs;
    const failed = outcomes.filter((outcome) => outcome.status >= 400 && outcome.status !== 429);
    const written = outcomes.filter((outcome) => outcome.load === "writes" && outcome.status < 300).length;
    const [line] = await sql<{ quantity: number }>(`SELECT quantity FROM "CartItem" WHERE "userId" = $1`, [shopper.id]);
    console.log(`resilience: A stopped in ${stoppedIn} ms (exit ${code}); ${outcomes.length} answers, ${failed.length} failed, ${errors.length} errors; writes answered 2xx ${written}, cart quantity ${line?.quantity}`);
    if (code !== 0 || failed.length) console.log(`resilience: failed ${JSON.stringify(failed.slice(0, 5))} at ${signalled}\n${cluster.instances.A.output.slice(-15).join("\n")}`);
    expect(code).toBe(0);
    expect(stoppedIn).toBeLessThan(10_000);
    expect(errors).toEqual([]);
    expect(failed).toEqual([]);
    // Each write answered once and applied once: none applied on A and then sent to B.
    expect(line!.quantity).toBe(Math.min(99, written));
    // And it comes back.
    await cluster.instances.A.start();
    expect((await call(A, "/api/get-product?limit=1")).status).toBe(200);
  });
});

describe("an instance killed while webhooks are fulfilled", () => {
  it("SIGKILL mid-fulfilment: Stripe's retries reach the other instance; every paid session ends with one order, one email and no hold", async () => {
    const SESSIONS = 60;
    const admin = await signIn(cluster.url, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const template = (await call(cluster.url, "/api/get-product?limit=1")).body.data[0];
    const made = await call(cluster.url, "/api/upload-product", {
      cookie: admin.cookie,
      body: { productName: `Crash test ${randomUUID().slice(0, 8)}`, brandName: "Volt", category: "mobiles", productImage: template.productImage.slice(0, 1), productDesc: "Bought while an instance dies.", price: 1999, sellingPrice: 999, stock: 1000 },
    });
    expect(made.status, made.text).toBe(201);
    const productId: string = made.body.data._id;

    // SESSIONS shoppers, each with one open checkout of the product (its unit held).
    const shoppers: Account[] = [];
    while (shoppers.length < SESSIONS) shoppers.push(...(await Promise.all(Array.from({ length: 6 }, () => newShopper(cluster.url, cluster.url, "crash")))));
    shoppers.length = SESSIONS;
    const sessions = await Promise.all(
      shoppers.map(async (shopper) => {
        const line = await call(cluster.url, "/api/add-to-cart", { cookie: shopper.cookie, body: { productId } });
        expect(line.status, line.text).toBe(201);
        const started = await call(cluster.url, "/api/checkout", { cookie: shopper.cookie, body: { cartItems: [line.body.data] } });
        expect(started.status, started.text).toBe(200);
        return started.body.data.id as string;
      }),
    );
    const held = await sql<{ held: number }>(`SELECT held FROM "Product" WHERE id = $1::uuid`, [productId]);
    expect(held[0]!.held).toBe(SESSIONS);

    // All paid at once: the emulator delivers each event through nginx as it is paid, about half
    // to each instance. B is killed as soon as the first order is recorded, while the rest are
    // still being fulfilled.
    const paying = Promise.all(sessions.map((id) => pay(id)));
    const ordersMade = async () => Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM "Order" WHERE "checkoutSessionId" = ANY($1)`, [sessions]))[0]!.n);
    const watchUntil = Date.now() + 30_000;
    let before = await ordersMade();
    while (before === 0 && Date.now() < watchUntil) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      before = await ordersMade();
    }
    expect(before, "no order was recorded within 30 s").toBeGreaterThan(0);
    const code = await cluster.instances.B.crash();
    await paying;
    const atKill = before;

    // Every event delivered in the end (the emulator retries a 5xx or a cut connection after 0.5, 1, 2, 4 s).
    type Delivery = { at: string; status: number | null; error?: string };
    type Event = { id: string; type: string; session?: string; delivered: boolean; deliveries: Delivery[] };
    const ours = new Set(sessions);
    let events: Event[] = [];
    const deliveredBy = Date.now() + 30_000;
    for (;;) {
      events = ((await (await fetch(`${cluster.emulators.url}/stripe/events`)).json()) as Event[]).filter((event) => event.type === "checkout.session.completed" && ours.has(event.session ?? ""));
      if ((events.length === SESSIONS && events.every((event) => event.delivered)) || Date.now() > deliveredBy) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const retried = events.filter((event) => event.deliveries.length > 1);
    const failedAttempts = events.flatMap((event) => event.deliveries.filter((delivery) => delivery.status !== 200)).map((delivery) => delivery.status ?? delivery.error);
    console.log(`resilience: B killed (launcher exit ${code}) with ${atKill} of ${SESSIONS} orders recorded; ${retried.length} events needed a retry (failed attempts: ${JSON.stringify(failedAttempts.slice(0, 10))})`);
    expect(events).toHaveLength(SESSIONS);
    expect(events.filter((event) => !event.delivered)).toEqual([]);
    // The kill landed while fulfilments were in flight: not a test that passes without a crash.
    expect(atKill).toBeLessThan(SESSIONS);
    expect(retried.length).toBeGreaterThan(0);

    // Exactly one order per paid session (and so per shopper).
    const orders = await sql<{ checkoutSessionId: string; userId: string; emailSentAt: Date | null; emailClaimedAt: Date | null }>(
      `SELECT "checkoutSessionId", "userId", "emailSentAt", "emailClaimedAt" FROM "Order" WHERE "checkoutSessionId" = ANY($1)`,
      [sessions],
    );
    expect(orders).toHaveLength(SESSIONS);
    expect(new Set(orders.map((order) => order.checkoutSessionId)).size).toBe(SESSIONS);
    expect(new Set(orders.map((order) => order.userId))).toEqual(new Set(shoppers.map((shopper) => shopper.id)));

    // The confirmations. One B had claimed when it died stays claimed for MAIL_CLAIM_MS (2 min)
    // before another instance takes it over; here the claims are aged instead of waited for, then a
    // round of retries is asked of the live instance (each instance also runs one a minute).
    await new Promise((resolve) => setTimeout(resolve, 1000)); // A's own sends, begun after its answers, end
    const orphaned = await sql<{ n: string }>(
      `UPDATE "Order" SET "emailClaimedAt" = now() - interval '3 minutes' WHERE "checkoutSessionId" = ANY($1) AND "emailSentAt" IS NULL AND "emailClaimedAt" IS NOT NULL RETURNING 1 AS n`,
      [sessions],
    );
    const unsent = await sql<{ n: string }>(`SELECT count(*) AS n FROM "Order" WHERE "checkoutSessionId" = ANY($1) AND "emailSentAt" IS NULL`, [sessions]);
    console.log(`resilience: after the kill, ${unsent[0]!.n} confirmations unsent (${orphaned.length} claimed by B when it died)`);
    const mailedBy = Date.now() + 30_000;
    for (;;) {
      const retriedMail = await call(cluster.url, "/api/cron/order-emails", { headers: { authorization: `Bearer ${CRON_SECRET}` } });
      expect(retriedMail.status, retriedMail.text).toBe(200);
      const left = await sql<{ n: string }>(`SELECT count(*) AS n FROM "Order" WHERE "checkoutSessionId" = ANY($1) AND "emailSentAt" IS NULL`, [sessions]);
      if (Number(left[0]!.n) === 0) break;
      expect(Date.now(), `${left[0]!.n} confirmations still unsent`).toBeLessThan(mailedBy);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Exactly one confirmation in each shopper's mailbox (a send B made but did not record is
    // made again with the same Idempotency-Key, and the provider keeps one).
    const outbox = (await (await fetch(`${cluster.emulators.url}/resend/outbox`)).json()) as { to: string | string[]; subject: string }[];
    const confirmations = new Map<string, number>();
    for (const mail of outbox) {
      if (!/order .* is confirmed/i.test(mail.subject)) continue;
      for (const to of [mail.to].flat()) confirmations.set(to.toLowerCase(), (confirmations.get(to.toLowerCase()) ?? 0) + 1);
    }
    expect(shoppers.filter((shopper) => confirmations.get(shopper.email.toLowerCase()) !== 1).map((shopper) => [shopper.email, confirmations.get(shopper.email.toLowerCase()) ?? 0])).toEqual([]);

    // No hold left behind: every checkout sold, the product's units all sold, none held.
    const checkouts = await sql<{ status: string; holdState: string }>(`SELECT status, "holdState" FROM "Checkout" WHERE "stripeSessionId" = ANY($1)`, [sessions]);
    expect(checkouts).toHaveLength(SESSIONS);
    expect(checkouts.filter((checkout) => checkout.status !== "COMPLETED" || checkout.holdState !== "SOLD")).toEqual([]);
    const product = await sql<{ stock: number; held: number }>(`SELECT stock, held FROM "Product" WHERE id = $1::uuid`, [productId]);
    expect(product[0]).toEqual({ stock: 1000 - SESSIONS, held: 0 });

    // B comes back for whatever runs next.
    await cluster.instances.B.start();
    expect((await eventuallyReady(B)).status).toBe(200);
  }, 240_000);
});
