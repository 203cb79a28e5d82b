import { PerformanceObserver, constants as performanceConstants } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

// The store's Prometheus metrics (prom-client), served by the front door at GET /metrics
// (server/serve.ts, behind METRICS_TOKEN). One registry per process, on globalThis: the front
// door's bundle and Next's bundles each hold a copy of this module, and a counter moved in a
// route handler (an order recorded, a webhook's outcome) must show in the front door's answer.
// What is known only at scrape time (the page cache's size, the database pool, the broadcast
// listener, mails waiting and checkout holds from the database) is read from the sources the
// server registers with provideMetricsSource().
// No "server-only": server/serve.ts loads it outside Next's bundles.

/** Request durations, in seconds: cached answers take well under a millisecond, renders tens. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type OrderGauges = { emailsWaiting: number; holdsActive: number; unitsHeld: number };

type Sources = {
  pageCache?: () => { bytes: number; entries: number };
  pool?: () => { total: number; idle: number; waiting: number };
  broadcast?: () => boolean;
  orders?: () => Promise<OrderGauges | null>;
};

function make() {
  const registry = new Registry();
  const sources: Sources = {};
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({ name: "volt_http_requests_total", help: "Requests answered, by route pattern, method and status class", labelNames: ["route", "method", "status"] as const, registers: [registry] });
  const duration = new Histogram({ name: "volt_http_request_duration_seconds", help: "Time from a request's arrival to the end of its answer, by route pattern, method and status class", labelNames: ["route", "method", "status"] as const, buckets: DURATION_BUCKETS, registers: [registry] });
  const responseBytes = new Counter({ name: "volt_http_response_bytes_total", help: "Body bytes sent, by the page cache's outcome (hit, miss, bypass, static)", labelNames: ["cache"] as const, registers: [registry] });
  const cacheLookups = new Counter({ name: "volt_page_cache_requests_total", help: "Requests the page cache could answer, by kind (page or api) and outcome (hit or miss)", labelNames: ["kind", "outcome"] as const, registers: [registry] });
  /** A gauge read at scrape time; left out while its source says nothing (undefined). */
  const scraped = (name: string, help: string, value: () => number | undefined) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const current = value();
        if (current !== undefined) this.set(current);
      },
    });
  scraped("volt_page_cache_bytes", "Bytes the page cache holds (all encodings, and each entry's overhead)", () => sources.pageCache?.().bytes);
  scraped("volt_page_cache_entries", "Pages and API answers the page cache holds", () => sources.pageCache?.().entries);
  new Gauge({
    name: "volt_db_pool_connections",
    help: "Connections of this process's database pool, by state (in_use, idle)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
    },
  });
  scraped("volt_db_pool_waiting", "Queries waiting for a connection of the database pool", () => sources.pool?.().waiting);
  scraped("volt_catalog_broadcast_connected", "1 while the catalogue broadcast listener (LISTEN) is connected, else 0", () => {
    const connected = sources.broadcast?.();
    return connected === undefined ? undefined : Number(connected);
  });
  const ordersRecorded = new Counter({ name: "volt_orders_recorded_total", help: "Orders recorded by this process (fulfilment made a new order)", registers: [registry] });
  const webhookEvents = new Counter({ name: "volt_webhook_events_total", help: "Stripe webhook deliveries, by outcome", labelNames: ["outcome"] as const, registers: [registry] });
  const orderGauge = (name: string, help: string, pick: (gauges: OrderGauges) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const gauges = await sources.orders?.();
        if (gauges) this.set(pick(gauges));
      },
    });
  orderGauge("volt_order_emails_waiting", "Order confirmation mails not yet sent (orders of the last 3 days, the retry window)", (g) => g.emailsWaiting);
  orderGauge("volt_checkout_holds_active", "Checkouts holding units (open, not yet paid, released or swept)", (g) => g.holdsActive);
  orderGauge("volt_checkout_units_held", "Units held by those checkouts", (g) => g.unitsHeld);
  new Gauge({
    name: "volt_metrics_database_up",
    help: "1 when the scrape's database reads (mails waiting, holds) answered in time, else 0",
    registers: [registry],
    async collect() {
      if (sources.orders) this.set((await sources.orders()) ? 1 : 0);
    },
  });
  // The heap's live set: what it holds right after each full collection. The process's resident
  // memory and the heap's current size rise and fall by a hundred MB or more between collections
  // under load; this figure moves by a few MB and trends up only when something is kept (a leak,
  // or a cache filling up).
  let liveHeap: number | undefined;
  const gcObserver = new PerformanceObserver((list) => {
    const full = list.getEntries().some((entry) => (entry as unknown as { detail?: { kind?: number } }).detail?.kind === performanceConstants.NODE_PERFORMANCE_GC_MAJOR);
    // The entries arrive a turn or two after the collection: what the young generation took in
    // since is left out, so the figure is what the full collection kept.
    if (full) liveHeap = getHeapSpaceStatistics().reduce((sum, space) => (space.space_name === "new_space" ? sum : sum + space.space_used_size), 0);
  });
  gcObserver.observe({ entryTypes: ["gc"] });
  scraped("volt_heap_live_bytes", "V8 heap in use right after the last full garbage collection (the live set; absent before the first one)", () => liveHeap);
  return { registry, sources, requests, duration, responseBytes, cacheLookups, ordersRecorded, webhookEvents };
}

type Metrics = ReturnType<typeof make>;
const KEY = Symbol.for("volt.metrics");
const slot = globalThis as unknown as { [KEY]?: Metrics };

/** The process's metrics. */
export function metrics(): Metrics {
  return (slot[KEY] ??= make());
}

/** Registers what the scrape reads from this process (server/serve.ts, db.ts). */
export function provideMetricsSource<K extends keyof Sources>(name: K, source: NonNullable<Sources[K]>): void {
  metrics().sources[name] = source;
}

/** The scrape's answer: Prometheus's text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}

/** What became of a webhook delivery: a fixed set, so the label's values stay few. */
export type WebhookOutcome = "fulfilled" | "pending" | "not_ours" | "closed" | "refund" | "duplicate" | "ignored" | "bad_signature" | "unavailable" | "error";

/** A webhook delivery's outcome (app/api/webhook). */
export function countWebhook(outcome: WebhookOutcome): void {
  metrics().webhookEvents.inc({ outcome });
}

/** An order recorded by fulfilment. */
export function countOrderRecorded(): void {
  metrics().ordersRecorded.inc();
}

/** The HTTP status's class: 2xx, 3xx, 4xx, 5xx (1xx and oddities as "other"). */
export function statusClass(status: number): string {
  return status >= 200 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}
