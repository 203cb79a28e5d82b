// The admin's Orders list over many synthetic orders, through the store's own
// listOrdersForAdmin(), and refunds per second through refundOrder() and the Stripe emulator.
// Run by scripts/bench.ts in a child process with `--conditions=react-server` (so the server-only
// domain layer loads), DATABASE_URL pointing at a freshly migrated throwaway database and
// EMULATOR_URL at a Stripe emulator of its own. Prints one JSON line:
// { orders, list: { [kind]: { samples, p50, p99, max } }, refunds: { count, concurrency, perSecond, p50, p99, max } }.
import pg from "pg";
import { listOrdersForAdmin, type AdminOrdersQuery } from "../lib/server/orders/admin-orders";
import { refundOrder } from "../lib/server/orders/refunds";
import { stripeClient } from "../lib/server/providers/stripe";
import { orderNumber } from "../lib/orders/order-number";
import { TEST_DELIVERY_FORM } from "../server/emulators/stripe";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RUNS = Number(process.env.BENCH_ORDERS_RUNS ?? 200);
const REFUNDS = Number(process.env.BENCH_REFUNDS ?? 200);
const REFUND_CONCURRENCY = Number(process.env.BENCH_REFUND_CONCURRENCY ?? 10);
const PAGE_SIZE = 20;

const round2 = (n: number) => Math.round(n * 100) / 100;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: sorted.length, p50: round2(percentile(sorted, 50)), p99: round2(percentile(sorted, 99)), max: round2(sorted[sorted.length - 1]!) };
}

/**
 * ORDERS orders over the last two years in one statement each (orders, lines, events, refunds):
 * g = 1 is the newest. About 3 % wait to ship (the newest), 3 % are on their way, 5 % cancelled,
 * 5 % refunded, the rest delivered; 2 % were oversold; emails and phones as Indian shoppers have them.
 */
async function fill(client: pg.Client): Promise<void> {
  await client.query(
    `
    WITH names AS (
      SELECT ARRAY['aarav','priya','rahul','ananya','vikram','meera','arjun','kavya','rohan','isha','aditya','neha','karan','pooja','sanjay','divya','amit','sneha','rajesh','lakshmi'] AS first,
             ARRAY['sharma','iyer','verma','reddy','nair','patel','gupta','singh','rao','menon','das','joshi','kumar','pillai','mehta'] AS last,
             ARRAY['gmail.com','yahoo.co.in','outlook.com','rediffmail.com','hotmail.com','example.in'] AS domain
    )
    INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentIntentId", "paymentMethodTypes", "paymentStatus", "shippingOptions",
                         "totalAmount", "expectedAmount", delivery, status, attention, "attentionNote", "refundedAmount",
                         carrier, "trackingNumber", "shippedAt", "deliveredAt", "cancelledAt", "emailSentAt", "createdAt")
    SELECT gen_random_uuid(),
           first[1 + g % 20] || '.' || last[1 + (g / 20) % 15] || (g % 997)::text || '@' || domain[1 + (g / 7) % 6],
           'cs_bench_' || g, 'pi_bench_' || g, ARRAY['card'], 'paid',
           '[{"shipping_amount":4900,"shipping_rate":"shr_bench","name":"Standard"}]'::jsonb,
           total, total,
           jsonb_build_object('name', initcap(first[1 + g % 20]) || ' ' || initcap(last[1 + (g / 20) % 15]),
                              'phone', '+91' || (6000000000 + (g::bigint * 7919) % 4000000000)::text,
                              'line1', (g % 300 + 1)::text || ' MG Road', 'line2', null, 'city', 'Bengaluru', 'state', 'KA', 'postalCode', '560001', 'country', 'IN'),
           status::"OrderStatus",
           CASE WHEN g % 50 = 7 THEN 'oversold' END,
           CASE WHEN g % 50 = 7 THEN '1 × Phone could not be taken from stock' END,
           CASE WHEN status IN ('CANCELLED', 'REFUNDED') THEN total ELSE 0 END,
           CASE WHEN status IN ('SHIPPED', 'DELIVERED', 'REFUNDED') THEN 'Delhivery' END,
           CASE WHEN status IN ('SHIPPED', 'DELIVERED', 'REFUNDED') THEN 'DL' || (100000000 + g)::text END,
           CASE WHEN status IN ('SHIPPED', 'DELIVERED', 'REFUNDED') THEN created + interval '1 day' END,
           CASE WHEN status IN ('DELIVERED', 'REFUNDED') THEN created + interval '4 days' END,
           CASE WHEN status = 'CANCELLED' THEN created + interval '2 hours' END,
           created, created
    FROM names, generate_series(1, $1::int) AS g,
         LATERAL (SELECT now() - (g * interval '10 minutes') AS created,
                         (1 + g % 3) * (49900 + (g * 37 % 200) * 1000) + 4900 AS total,
                         CASE WHEN g % 20 = 0 THEN 'CANCELLED' WHEN g % 20 = 1 THEN 'REFUNDED'
                              WHEN g <= $1::int * 3 / 100 THEN 'PAID' WHEN g <= $1::int * 6 / 100 THEN 'SHIPPED' ELSE 'DELIVERED' END AS status) AS o
    `,
    [ORDERS],
  );
  // Each order's lines (1 to 3, as its total says), its payment and steps, and a refund where one was made.
  await client.query(`
    INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity, "refundedQuantity")
    SELECT gen_random_uuid(), o.id, 'Bench phone ' || n, ARRAY['/images/products/mobi-001-1.svg'], (o."totalAmount" - 4900) / lines, 1,
           CASE WHEN o.status IN ('CANCELLED', 'REFUNDED') THEN 1 ELSE 0 END
    FROM "Order" o, LATERAL (SELECT 1 + substr(o."checkoutSessionId", 10)::int % 3 AS lines) l, generate_series(1, l.lines) AS n`);
  await client.query(`
    INSERT INTO "OrderEvent" (id, "orderId", type, actor, data, "createdAt", "mailSentAt")
    SELECT gen_random_uuid(), id, 'paid', 'stripe', jsonb_build_object('amount', "totalAmount"), "createdAt", "createdAt" FROM "Order"
    UNION ALL SELECT gen_random_uuid(), id, 'shipped', 'admin', jsonb_build_object('carrier', carrier, 'trackingNumber', "trackingNumber"), "shippedAt", "shippedAt" FROM "Order" WHERE "shippedAt" IS NOT NULL
    UNION ALL SELECT gen_random_uuid(), id, 'delivered', 'admin', '{}', "deliveredAt", "deliveredAt" FROM "Order" WHERE "deliveredAt" IS NOT NULL
    UNION ALL SELECT gen_random_uuid(), id, 'cancelled', 'shopper', '{}', "cancelledAt", "cancelledAt" FROM "Order" WHERE "cancelledAt" IS NOT NULL
    UNION ALL SELECT gen_random_uuid(), id, 'refunded', 'admin', jsonb_build_object('amount', "refundedAmount"), "createdAt" + interval '6 days', "createdAt" + interval '6 days' FROM "Order" WHERE status = 'REFUNDED'`);
  await client.query(`
    INSERT INTO "Refund" (id, "orderId", amount, "shippingAmount", status, source, "stripeRefundId", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), id, "refundedAmount", 4900, 'SUCCEEDED', 'admin', 're_bench_' || "checkoutSessionId", "createdAt" + interval '6 days', "createdAt" + interval '6 days'
    FROM "Order" WHERE status IN ('CANCELLED', 'REFUNDED')`);
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map current.
  await client.query(`VACUUM ANALYZE "Order", "OrderItem", "OrderEvent", "Refund"`);
}

async function timeList(kinds: [string, () => AdminOrdersQuery][]): Promise<Record<string, ReturnType<typeof summary>>> {
  for (const [, query] of kinds) for (let i = 0; i < 5; i++) await listOrdersForAdmin(query()); // warm the pool and Postgres' caches
  const samples: Record<string, number[]> = Object.fromEntries(kinds.map(([kind]) => [kind, []]));
  // Interleaved, so that no kind gets a quieter stretch of the machine than the others.
  for (let run = 0; run < RUNS; run++) {
    for (const [kind, query] of kinds) {
      const asked = query();
      const started = performance.now();
      const page = await listOrdersForAdmin(asked);
      samples[kind]!.push(performance.now() - started);
      if (run === 0 && page.orders.length === 0) console.error(`[bench] ${kind}: nothing listed (${JSON.stringify(asked)}): too few orders for this page?`);
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([kind, values]) => [kind, summary(values)]));
}

/** A paid order the real way at the emulator (a session, paid on its hosted page), recorded as fulfilment records it. */
async function paidOrder(client: pg.Client, index: number): Promise<string> {
  const stripe = stripeClient();
  const price = 99_900;
  const session = await stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ price_data: { currency: "inr", unit_amount: price, product_data: { name: `Refund bench ${index}` } }, quantity: 1 }],
    success_url: "https://store.example/success?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "https://store.example/cart",
  });
  const paid = await fetch(`${process.env.EMULATOR_URL}/stripe/pay/${session.id}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...TEST_DELIVERY_FORM, email: `refund${index}@example.in`, cardNumber: "4242424242424242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Meera Iyer" }).toString(),
    redirect: "manual",
  });
  if (paid.status >= 400) throw new Error(`the emulator refused to pay ${session.id}: ${paid.status}`);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const intent = typeof done.payment_intent === "string" ? done.payment_intent : done.payment_intent?.id;
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentIntentId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", status)
     VALUES (gen_random_uuid(), $1, $2, $3, ARRAY['card'], 'paid', $4, $4, 'PAID') RETURNING id`,
    [`refund${index}@example.in`, session.id, intent, done.amount_total],
  );
  const orderId = rows[0]!.id;
  await client.query(`INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity) VALUES (gen_random_uuid(), $1, $2, ARRAY[]::text[], $3, 1)`, [orderId, `Refund bench ${index}`, price]);
  await client.query(`INSERT INTO "OrderEvent" (id, "orderId", type, actor, data) VALUES (gen_random_uuid(), $1, 'paid', 'stripe', '{}')`, [orderId]);
  return orderId;
}

/** REFUNDS whole refunds (shipping included) of as many paid orders, REFUND_CONCURRENCY at a time. */
async function timeRefunds(client: pg.Client) {
  const orderIds: string[] = [];
  for (let i = 0; i < REFUNDS; i++) orderIds.push(await paidOrder(client, i));
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: REFUND_CONCURRENCY }, async () => {
      while (next < orderIds.length) {
        const orderId = orderIds[next++]!;
        const begun = performance.now();
        const refund = await refundOrder(orderId, { kind: "admin", userId: null }, { lines: "whole", restock: false, reason: "Bench" });
        latencies.push(performance.now() - begun);
        if (refund.status !== "SUCCEEDED") throw new Error(`refund of ${orderId}: ${refund.status}`);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "Order" WHERE id = ANY($1::uuid[]) AND status = 'REFUNDED'`, [orderIds]);
  if (rows[0]!.n !== orderIds.length) throw new Error(`${rows[0]!.n} of ${orderIds.length} orders ended refunded`);
  return { count: orderIds.length, concurrency: REFUND_CONCURRENCY, perSecond: round2(orderIds.length / seconds), ...summary(latencies) };
}

async function main() {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const started = Date.now();
  await fill(client);
  console.error(`[bench] wrote ${ORDERS} synthetic orders with their lines, events and refunds in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  // The counts the trigger keeps must be what counting every order says, or the figures mean nothing.
  const { rows: counted } = await client.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM "Order" GROUP BY status`);
  const kept = (await listOrdersForAdmin({ page: 1, limit: 1 })).counts;
  for (const { status, n } of counted) if (kept[status as keyof typeof kept] !== n) throw new Error(`OrderStatusCount says ${kept[status as keyof typeof kept]} ${status}, counting says ${n}`);

  // What the admin searches for: the number, email and phone of orders picked at random each time.
  const { rows: sample } = await client.query<{ id: string; email: string; phone: string }>(
    `SELECT id, "customerEmail" AS email, delivery ->> 'phone' AS phone FROM "Order" TABLESAMPLE SYSTEM (5) LIMIT 1000`,
  );
  const { rows: waiting } = await client.query<{ id: string }>(`SELECT id FROM "Order" WHERE status = 'PAID' LIMIT 1000`);
  const pick = () => sample[Math.floor(Math.random() * sample.length)]!;
  const pickWaiting = () => waiting[Math.floor(Math.random() * waiting.length)]!;
  const spaced = (phone: string) => `${phone.slice(3, 8)} ${phone.slice(8)}`; // "98765 43210", as typed
  const list = await timeList([
    ["waiting to ship (PAID), page 1 (the default tab)", () => ({ status: "PAID", page: 1, limit: PAGE_SIZE })],
    ["waiting to ship (PAID), page 50", () => ({ status: "PAID", page: 50, limit: PAGE_SIZE })],
    ["shipped, page 1", () => ({ status: "SHIPPED", page: 1, limit: PAGE_SIZE })],
    ["delivered, page 1", () => ({ status: "DELIVERED", page: 1, limit: PAGE_SIZE })],
    ["delivered, page 50", () => ({ status: "DELIVERED", page: 50, limit: PAGE_SIZE })],
    ["cancelled, page 1", () => ({ status: "CANCELLED", page: 1, limit: PAGE_SIZE })],
    ["refunded, page 1", () => ({ status: "REFUNDED", page: 1, limit: PAGE_SIZE })],
    ["needs attention (oversold, refund failed), page 1", () => ({ status: "attention", page: 1, limit: PAGE_SIZE })],
    ["all (no status), page 1", () => ({ page: 1, limit: PAGE_SIZE })],
    ["all (no status), page 50", () => ({ page: 50, limit: PAGE_SIZE })],
    ["search by number (#1A2B3C4D), all states", () => ({ q: orderNumber(pick().id), page: 1, limit: PAGE_SIZE })],
    ["search by number, waiting to ship tab", () => ({ status: "PAID", q: orderNumber(pickWaiting().id), page: 1, limit: PAGE_SIZE })],
    ["search by email (whole), all states", () => ({ q: pick().email, page: 1, limit: PAGE_SIZE })],
    ["search by email beginning ('priya.'), all states", () => ({ q: "priya.", page: 1, limit: PAGE_SIZE })],
    ["search by phone ('98765 43210'), all states", () => ({ q: spaced(pick().phone), page: 1, limit: PAGE_SIZE })],
  ]);
  const refunds = await timeRefunds(client);
  await client.end();
  console.log(JSON.stringify({ orders: ORDERS, list, refunds }));
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
