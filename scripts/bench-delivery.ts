// The delivery figures: what the PIN-code directory costs the server (heap and resident memory
// once unpacked, measured around its first lookup in this fresh process) and a lookup's time; and
// cash-on-delivery orders placed per second with BENCH_COD_SHOPPERS shoppers (200), 50 at a time, for
// BENCH_COD_UNITS units (100) of one product, through the store's own placeOrder(): the rate, p50
// and p99 of a placement, the orders made and the units oversold (must be 0). Run by
// scripts/bench.ts in a child process (`--expose-gc`, server-only resolved to an empty module) with
// DATABASE_URL pointing at a freshly migrated throwaway database. Prints one JSON line.
import { randomUUID } from "node:crypto";
import { register } from "node:module";
import pg from "pg";

register("../server/server-only.mjs", import.meta.url);

const SHOPPERS = Number(process.env.BENCH_COD_SHOPPERS ?? 200);
const UNITS = Number(process.env.BENCH_COD_UNITS ?? 100);
const LOOKUPS = 1_000_000;
const round1 = (n: number) => Math.round(n * 10) / 10;
const mb = (bytes: number) => round1(bytes / 1_048_576);

// 1. The PIN directory, first thing in this process.
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
gc();
const before = process.memoryUsage();
const { lookupPin } = await import("../lib/server/delivery/pin-directory");
lookupPin("560001");
gc();
const after = process.memoryUsage();
const pins = Array.from({ length: 1000 }, (_, i) => String(110001 + ((i * 7919) % 740000)));
let found = 0;
const started = performance.now();
for (let i = 0; i < LOOKUPS; i++) if (lookupPin(pins[i % pins.length]!)) found += 1;
const lookupNs = ((performance.now() - started) * 1e6) / LOOKUPS;

// 2. Cash on delivery, SHOPPERS at once for UNITS units.
const { placeOrder } = await import("../lib/server/orders/place-order");
const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
const productId = randomUUID();
await client.query(
  `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, 'Bench COD phone', 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 1200000, 999900, now(), $2)`,
  [productId, UNITS],
);
const users = (
  await client.query<{ id: string }>(
    `INSERT INTO "User" (id, name, email, "passwordHash", "emailConfirmedAt", "updatedAt")
     SELECT gen_random_uuid(), 'Bench ' || g, 'cod-bench-' || g || '@example.in', 'x', now(), now() FROM generate_series(1, ${SHOPPERS}) g RETURNING id`,
  )
).rows;
const shoppers = (await client.query(`SELECT * FROM "User" WHERE id = ANY($1::uuid[])`, [users.map((user) => user.id)])).rows;
const address = { name: "Bench Shopper", phone: "+919845012345", line1: "12 MG Road", area: "Ashok Nagar", landmark: null, city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560001", isDefault: false, confirmState: false };
// A warm process, as a running store is: one placement on another product first (its modules
// loaded, its mail rendered), outside the figures.
const warmUpProduct = randomUUID();
await client.query(
  `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt", stock) VALUES ($1, 'Bench warm-up phone', 'Volt', 'mobiles', ARRAY['/images/products/mobi-001-1.svg'], 1200000, 999900, now(), 1)`,
  [warmUpProduct],
);
const [warmUpUser] = (
  await client.query(
    `INSERT INTO "User" (id, name, email, "passwordHash", "emailConfirmedAt", "updatedAt") VALUES (gen_random_uuid(), 'Bench warm-up', 'cod-bench-warm-up@example.in', 'x', now(), now()) RETURNING *`,
  )
).rows;
await placeOrder(warmUpUser, { productId: warmUpProduct, address, saveAddress: false, paymentMethod: "cod", business: null }, null);
await new Promise((resolve) => setTimeout(resolve, 500));
const latencies: number[] = [];
let placed = 0;
let refused = 0;
const reasons = new Map<string, number>();
const raceStarted = performance.now();
// BENCH_COD_CONCURRENCY at a time (50, as the HTTP rows' 50 connections): all 200 at once would
// only measure the pool's queue (10 connections, 1.5 s to get one) turning placements into 503s.
const CONCURRENCY = Number(process.env.BENCH_COD_CONCURRENCY ?? 50);
let next = 0;
const queue = shoppers.map((user) => async () => {
    const t = performance.now();
    try {
      await placeOrder(user, { productId, address, saveAddress: false, paymentMethod: "cod", business: null }, null);
      placed += 1;
    } catch (error) {
      refused += 1;
      const reason = `${(error as { status?: number }).status ?? "error"} ${(error as Error).message}`.slice(0, 120);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    latencies.push(performance.now() - t);
});
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < queue.length) await queue[next++]!();
  }),
);
const seconds = (performance.now() - raceStarted) / 1000;
const sorted = latencies.sort((a, b) => a - b);
const [{ stock, held }] = (await client.query<{ stock: number; held: number }>(`SELECT stock, held FROM "Product" WHERE id = $1`, [productId])).rows as [{ stock: number; held: number }];
const [{ sold }] = (await client.query<{ sold: number }>(`SELECT coalesce(sum(quantity), 0)::int AS sold FROM "OrderItem" WHERE "productId" = $1`, [productId])).rows as [{ sold: number }];
await client.end();

console.log(
  JSON.stringify({
    pins: { heapMb: mb(after.heapUsed - before.heapUsed), rssMb: mb(after.rss - before.rss), lookupNs: round1(lookupNs), found },
    cod: {
      shoppers: SHOPPERS,
      units: UNITS,
      placed,
      refused,
      perSecond: round1(placed / seconds),
      p50: round1(sorted[Math.floor(sorted.length / 2)]!),
      p99: round1(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!),
      oversold: Math.max(0, sold - UNITS) + (stock < 0 ? -stock : 0),
      stockLeft: stock,
      held,
      reasons: Object.fromEntries(reasons),
    },
  }),
);
process.exit(0);
