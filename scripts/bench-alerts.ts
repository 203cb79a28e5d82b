// The wishlist alerts of one price drop watched by many shoppers (BENCH_WATCHERS, default 100 000),
// sent by the store's own sendDueAlerts() through a Resend emulator at Resend's default rate limit
// (2 requests a second; its URL in EMULATOR_URL), and the store's answers while it sends against
// idle: a node:http server in this same process (where the sender runs in the store, sharing its
// event loop and database pool) answers GET /api/get-single-product-details/:id through the real
// route handler, loaded at a steady rate by autocannon.
// Run by scripts/bench.ts (`--only-alerts`) in a child process, DATABASE_URL pointing at a freshly
// migrated throwaway database. Prints one JSON line.
import http from "node:http";
import { register } from "node:module";
import { monitorEventLoopDelay } from "node:perf_hooks";
import autocannon from "autocannon";
import { NextRequest } from "next/server";
import pg from "pg";

// Not under react-server: the mails render with react-dom/server (server-only is resolved by a hook).
register("../server/server-only.mjs", import.meta.url);
const { GET: productDetails } = await import("../app/api/get-single-product-details/[id]/route");
const { sendDueAlerts } = await import("../lib/server/shop-lists/alerts");

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 100_000);
const RATE = Number(process.env.BENCH_ALERTS_RATE ?? 100);
const WINDOW_S = Number(process.env.BENCH_ALERTS_WINDOW ?? 20);
const round2 = (n: number) => Math.round(n * 100) / 100;

async function fill(client: pg.Client): Promise<string> {
  const [{ id }] = (
    await client.query<{ id: string }>(
      `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock)
       VALUES (gen_random_uuid(), 'Samsung Galaxy S24 (bench)', 'Samsung', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 8999900, 7999900, now(), 500) RETURNING id`,
    )
  ).rows as [{ id: string }];
  // Watchers: half with a confirmed address (greeted by name), every one with the price alert on.
  await client.query(
    `INSERT INTO "User" (id, name, email, "passwordHash", "emailConfirmedAt", "updatedAt")
     SELECT gen_random_uuid(), 'Watcher ' || g, 'watcher-' || g || '@example.com', 'bench-no-password', CASE WHEN g % 2 = 0 THEN now() END, now()
     FROM generate_series(1, $1::int) AS g`,
    [WATCHERS],
  );
  await client.query(
    `INSERT INTO "WishlistItem" (id, "userId", "productId", "createdAt", "priceAlert", "priceBaseline", "stockSince")
     SELECT gen_random_uuid(), u.id, $1::uuid, now(), true, 7999900, now() FROM "User" u WHERE u.email LIKE 'watcher-%'`,
    [id],
  );
  await client.query(`ANALYZE`);
  return id;
}

/** GET /read: the product's details through the real route handler, as the store answers them. */
function startReader(productId: string): Promise<{ port: number; close: () => void }> {
  const server = http.createServer((req, res) => {
    const url = `http://localhost/api/get-single-product-details/${productId}`;
    productDetails(new NextRequest(url), { params: Promise.resolve({ id: productId }) }).then(
      async (answer) => {
        res.writeHead(answer.status, { "content-type": "application/json" });
        res.end(await answer.text());
      },
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ port: (server.address() as { port: number }).port, close: () => server.close() })));
}

type Load = { requests: number; perSecond: number; p50: number; p99: number; max: number; errors: number; non2xx: number };

async function load(port: number): Promise<Load> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}/read`, connections: 10, overallRate: RATE, duration: WINDOW_S });
  return {
    requests: result.requests.total,
    perSecond: round2(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function emulatorStats(): Promise<{ requests: number; rateLimited: number; emails: number; batches: number }> {
  return (await (await fetch(`${process.env.EMULATOR_URL}/resend/stats`)).json()) as { requests: number; rateLimited: number; emails: number; batches: number };
}

async function main(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const fillStarted = performance.now();
  const productId = await fill(client);
  const fillSeconds = round2((performance.now() - fillStarted) / 1000);
  const reader = await startReader(productId);
  // Warm the handler and the pool, then the idle figures.
  await autocannon({ url: `http://127.0.0.1:${reader.port}/read`, connections: 10, amount: 2000 });
  const idle = await load(reader.port);

  // The admin's price drop (the trigger marks the product), then the sender, timed.
  await client.query(`UPDATE "Product" SET "sellingPrice" = 7499900 WHERE id = $1`, [productId]);
  const before = await emulatorStats();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const loadBefore = (await import("node:os")).loadavg()[0]!;
  let finished = 0;
  const sending = sendDueAlerts().then((run) => {
    finished = performance.now();
    return run;
  });
  // While it sends: the same load, a few seconds in, and again halfway (both well inside the send).
  await new Promise((resolve) => setTimeout(resolve, 5000));
  const during = await load(reader.port);
  await Promise.race([new Promise((resolve) => setTimeout(resolve, 200_000)), sending]);
  const duringLater = finished ? null : await load(reader.port);
  const run = await sending;
  const cpu = process.cpuUsage(cpuBefore);
  const loadAfter = (await import("node:os")).loadavg()[0]!;
  lag.disable();
  const after = await emulatorStats();
  const seconds = round2((finished - started) / 1000);
  const check = (
    await client.query<{ mailed: number; baselines: number; due: number }>(
      `SELECT (SELECT count(*) FROM "User" WHERE "alertsMailedAt" IS NOT NULL)::int AS mailed,
              (SELECT count(*) FROM "WishlistItem" WHERE "priceBaseline" = 7499900)::int AS baselines,
              (SELECT count(*) FROM "Product" WHERE "alertsDueAt" IS NOT NULL)::int AS due`,
    )
  ).rows[0]!;
  reader.close();
  await client.end();
  console.log(
    JSON.stringify({
      watchers: WATCHERS,
      fillSeconds,
      run,
      seconds,
      mailsPerSecond: round2(run.mailed / seconds),
      emulator: { requests: after.requests - before.requests, batches: after.batches - before.batches, emails: after.emails - before.emails, rateLimited: after.rateLimited - before.rateLimited },
      check,
      // This process's CPU while it sent (the sender, and the reads the windows made), and the machine's load.
      cpuSeconds: round2((cpu.user + cpu.system) / 1e6),
      loadAverage: { before: round2(loadBefore), after: round2(loadAfter) },
      eventLoopLag: { p50: round2(lag.percentile(50) / 1e6), p99: round2(lag.percentile(99) / 1e6), max: round2(lag.max / 1e6) },
      reads: { rate: RATE, windowSeconds: WINDOW_S, idle, during, duringLater },
    }),
  );
}

await main();
process.exit(0);
