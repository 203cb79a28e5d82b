// npm run soak [-- --minutes N] [--rate R]
//
// The store under a steady mixed load for N minutes (default 30, 1 to 60), as a deployer runs it:
// the resilience suite's cluster (scripts/lib/cluster.ts: embedded PostgreSQL, the provider
// emulators, two `npm start` instances, Debian's nginx in front, TRUSTED_PROXY_HOPS=1 as behind
// nginx alone). Uses the build there is (npm run build), building only when there is none.
// Loopback only; it stops by itself.
//
// The load, about R requests a second through nginx (default 55), each kind at a fixed share:
//   browsing   pages (home, category pages, product pages) and the catalogue API      ~34/s
//   search     the search page and the search API                                     ~6/s
//   shoppers   their account, cart and orders read back (signed in)                   ~6/s
//   carts      add a line, change its quantity, remove it, read the cart              ~5/s
//   sign-ins   sign out, sign in again, read the account                              ~0.4 a second (3 requests)
//   checkouts  add to cart, POST /api/checkout, pay on the emulator's hosted page, then
//              the order list read every second until the signed webhook has made the
//              order (at most 20 s)                                                    ~0.4 a second (3–5 requests)
//   admin      a price change by the demo admin (every cached page purged on both
//              instances, through the LISTEN/NOTIFY broadcast)                          one a minute
// SHOPPERS accounts are made at the start. Every client (each shopper, the admin, each anonymous
// browser) connects from an address of its own on loopback (127.x.y.z), so nginx names it in
// X-Forwarded-For and the per-address limits see many clients, as in production.
//
// Expected answers: 2xx and 3xx only. Any 4xx (a 429 would be a limit the mix should not reach;
// a 409 for stock cannot happen: the soak's products have 1,000,000 units), any 5xx, any failed
// connection or timeout, a payment the emulator refused, or a paid checkout with no order after
// 20 s is a failure: listed with a sample at the end, and the exit code is 1.
//
// Prints a line a minute (answers by status class, p50 and p99, each instance's resident memory at
// the minute's end and its lowest of the minute (sampled every 5 s), each instance's live heap
// (volt_heap_live_bytes, read from its own /metrics), the database's connections, orders made,
// operations skipped, the machine's load average), then totals, each instance's memory slopes
// after minute 10 (least squares), the p99 spread and a markdown table; the same is written with
// the instances' output under .data/soak/<time>/.
import http from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { CATEGORY_VALUES } from "../lib/catalog/categories";
import { categoryFilterHref, categoryFilterOf } from "../lib/catalog/category-filter";
import { startCluster, residentBytes, type Cluster, type InstanceName } from "./lib/cluster";
import { TEST_DELIVERY_FORM } from "../server/emulators/stripe";
import { WINDOW, lowestPerWindow, trend } from "./lib/memory-trend";

const ROOT = path.resolve(import.meta.dirname, "..");

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const minutesAsked = Math.round(Number(flag("--minutes") ?? 30));
const MINUTES = Number.isFinite(minutesAsked) ? Math.min(60, Math.max(1, minutesAsked)) : 30;
const RATE = Math.min(200, Math.max(5, Number(flag("--rate") ?? 55) || 55));
const SHOPPERS = 64;
const RSS_SAMPLE_MS = 5_000;
/** The token the soak's instances answer GET /metrics with (read straight from each, not through nginx). */
const METRICS_TOKEN = `soak-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}`;
const BROWSER_ADDRESSES = 200;
const PASSWORD = "Volt-soak-shopper-9";
const SEARCH_TERMS = ["phone", "camera", "boat", "samsung", "wireless", "printer", "watch", "trimmer", "speaker", "mouse", "tv", "earbuds", "intel", "fridge", "redmi"];

/** Operations a second of each kind at the default rate (scaled by --rate / 55). */
const MIX = { page: 16, api: 18, search: 6, shopperRead: 6, cart: 5, signIn: 0.4, checkout: 0.4, admin: 1 / 60 } as const;
type Kind = keyof typeof MIX;
const SCALE = RATE / 55;

// Answers ----------------------------------------------------------------------------------------

type Sample = { minute: number; kind: Kind | "setup"; what: string; status: number | string; body: string };

class Minute {
  readonly statuses = { "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, failed: 0 };
  readonly latencies: number[] = [];
  readonly byKind = new Map<string, number[]>();
  orders = 0;
  /** Operations not started: every shopper busy, or 400 requests waiting. */
  skipped = 0;
  /** Each instance's resident memory at the minute's end. */
  rss: Partial<Record<InstanceName, number>> = {};
  /** Its lowest resident memory of the minute (sampled every RSS_SAMPLE_MS): the sawtooth's trough. */
  rssLow: Partial<Record<InstanceName, number>> = {};
  /** Its V8 heap right after the last full collection (volt_heap_live_bytes from its /metrics). */
  heapLive: Partial<Record<InstanceName, number>> = {};
  /** The bytes its page cache holds (volt_page_cache_bytes): part of the live heap, bounded by PAGE_CACHE_MB. */
  pageCache: Partial<Record<InstanceName, number>> = {};
  connections = { total: 0, active: 0 };
  /** The machine's 1-minute load average at the minute's end (other work on a shared machine shows here). */
  load = NaN;
}

const minutes: Minute[] = [];
const unexpected: Sample[] = [];
const unexpectedCounts = new Map<string, number>();
let loadStartedAt = 0;
let stopping = false;
let inFlight = 0;
const skipped: Record<string, number> = {};
let paymentsRefused = 0;
let checkoutsUnfulfilled = 0;
let checkoutsPaid = 0;

function skip(kind: Kind): void {
  skipped[kind] = (skipped[kind] ?? 0) + 1;
  if (loadStartedAt) minuteNow().skipped += 1;
}

function minuteNow(): Minute {
  const index = Math.min(MINUTES - 1, Math.max(0, Math.floor((Date.now() - loadStartedAt) / 60_000)));
  while (minutes.length <= index) minutes.push(new Minute());
  return minutes[index]!;
}

function record(kind: Kind | "setup", what: string, status: number | string, ms: number, body: string, expected: (status: number) => boolean = (s) => s < 400): void {
  if (kind !== "setup" && loadStartedAt) {
    const minute = minuteNow();
    if (typeof status === "number") minute.statuses[`${Math.min(5, Math.floor(status / 100))}xx` as "2xx"] += 1;
    else minute.statuses.failed += 1;
    minute.latencies.push(ms);
    const mine = minute.byKind.get(kind) ?? [];
    mine.push(ms);
    minute.byKind.set(kind, mine);
  }
  const ok = typeof status === "number" && expected(status);
  if (ok) return;
  const key = `${kind} ${what.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ":id")} → ${status}`;
  unexpectedCounts.set(key, (unexpectedCounts.get(key) ?? 0) + 1);
  if (unexpected.length < 200) unexpected.push({ minute: minutes.length, kind, what, status, body: body.slice(0, 300) });
}

// Clients ----------------------------------------------------------------------------------------

// Keep-alive like a browser; a connection idle 20 s is closed by the client before nginx's 75 s.
const agent = new http.Agent({ keepAlive: true, maxSockets: 4, timeout: 20_000 });

type Answer = { status: number; text: string; headers: http.IncomingHttpHeaders; ms: number };

function send(base: string, localAddress: string, method: string, target: string, options: { body?: unknown; form?: string; cookie?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(target, base);
  const headers: Record<string, string> = { accept: "*/*", ...options.headers };
  let payload: string | undefined;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  } else if (options.form !== undefined) {
    payload = options.form;
    headers["content-type"] = "application/x-www-form-urlencoded";
  }
  if (payload !== undefined) headers["content-length"] = String(Buffer.byteLength(payload));
  if (options.cookie) headers.cookie = options.cookie;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, method, headers, agent, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8"), headers: response.headers, ms: performance.now() - started }));
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error("timed out after 30 s")));
    request.on("error", reject);
    request.end(payload);
  });
}

function cookiesOf(answer: Answer): string {
  return (answer.headers["set-cookie"] ?? [])
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
function json(answer: Answer): any {
  try {
    return JSON.parse(answer.text);
  } catch {
    return null;
  }
}

let BASE = "";

/** A request to the store through nginx, counted in the minute's figures. */
async function store(kind: Kind | "setup", from: string, method: string, target: string, options: Parameters<typeof send>[4] = {}, expected?: (status: number) => boolean): Promise<Answer | null> {
  const started = performance.now();
  inFlight += 1;
  try {
    const answer = await send(BASE, from, method, target, options);
    record(kind, `${method} ${target}`, answer.status, answer.ms, answer.text, expected);
    return answer;
  } catch (error) {
    record(kind, `${method} ${target}`, `failed: ${error instanceof Error ? error.message : String(error)}`, performance.now() - started, "");
    return null;
  } finally {
    inFlight -= 1;
  }
}

// The virtual shoppers ---------------------------------------------------------------------------

type Line = { lineId: string; quantity: number };
type Shopper = { email: string; id: string; address: string; cookie: string; busy: boolean; cart: Map<string, Line>; orders: number };

const shoppers: Shopper[] = [];
const browserAddress = (i: number) => `127.78.${Math.floor(i / 250)}.${(i % 250) + 1}`;
const ADMIN_ADDRESS = "127.79.0.1";
let adminCookie = "";
let checkoutProduct = "";
let cartProducts: string[] = [];
let catalogue: { _id: string; category: string }[] = [];
type Editable = { _id: string; productName: string; brandName: string; category: string; productImage: string[]; productDesc: string; price: number; sellingPrice: number };
let editable: Editable[] = [];
let edits = 0;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
/** Skewed towards the head of the list, as shoppers favour a few products (the first tenth gets about a third of the visits). */
const popular = <T>(list: readonly T[]): T => list[Math.floor(Math.random() ** 2 * list.length)]!;

function idleShopper(): Shopper | undefined {
  const free = shoppers.filter((shopper) => !shopper.busy);
  return free.length ? pick(free) : undefined;
}

async function asShopper(kind: Kind, work: (shopper: Shopper) => Promise<void>): Promise<void> {
  const shopper = idleShopper();
  if (!shopper) {
    skip(kind);
    return;
  }
  shopper.busy = true;
  try {
    await work(shopper);
  } finally {
    shopper.busy = false;
  }
}

function categoryPage(): string {
  return categoryFilterHref(categoryFilterOf([pick(CATEGORY_VALUES)]));
}

const operations: Record<Kind, () => Promise<void>> = {
  async page() {
    const from = browserAddress(Math.floor(Math.random() * BROWSER_ADDRESSES));
    const roll = Math.random();
    const target = roll < 0.25 ? "/" : roll < 0.5 ? categoryPage() : `/product/${popular(catalogue)._id}`;
    await store("page", from, "GET", target);
  },
  async api() {
    const from = browserAddress(Math.floor(Math.random() * BROWSER_ADDRESSES));
    const roll = Math.random();
    const target =
      roll < 0.3
        ? `/api/get-product?limit=20&page=${1 + Math.floor(Math.random() * 3)}`
        : roll < 0.6
          ? `/api/get-category-wise-product/${pick(CATEGORY_VALUES)}?limit=12`
          : `/api/get-single-product-details/${popular(catalogue)._id}`;
    await store("api", from, "GET", target);
  },
  async search() {
    const from = browserAddress(Math.floor(Math.random() * BROWSER_ADDRESSES));
    const q = encodeURIComponent(pick(SEARCH_TERMS));
    await store("search", from, "GET", Math.random() < 0.5 ? `/search?q=${q}` : `/api/search-product?q=${q}`);
  },
  async shopperRead() {
    await asShopper("shopperRead", async (shopper) => {
      const roll = Math.random();
      const target = roll < 0.4 ? "/api/user-details" : roll < 0.8 ? `/api/count-cart-product/${shopper.id}` : "/api/get-order-details";
      await store("shopperRead", shopper.address, "GET", target, { cookie: shopper.cookie });
    });
  },
  async cart() {
    await asShopper("cart", async (shopper) => {
      const absent = cartProducts.filter((id) => !shopper.cart.has(id));
      const present = [...shopper.cart.entries()];
      const roll = Math.random();
      if (present.length === 0 || (roll < 0.4 && absent.length > 0)) {
        const productId = pick(absent);
        const added = await store("cart", shopper.address, "POST", "/api/add-to-cart", { body: { productId }, cookie: shopper.cookie });
        const line = added && added.status < 300 ? json(added)?.data : null;
        if (line) shopper.cart.set(productId, { lineId: line._id, quantity: line.quantity ?? 1 });
      } else if (roll < 0.7) {
        const [, line] = pick(present);
        const quantity = 1 + Math.floor(Math.random() * 5);
        const changed = await store("cart", shopper.address, "POST", "/api/update-cart-quantity", { body: { productId: line.lineId, quantity }, cookie: shopper.cookie });
        if (changed && changed.status < 300) line.quantity = quantity;
      } else if (roll < 0.9) {
        const [productId, line] = pick(present);
        const removed = await store("cart", shopper.address, "POST", "/api/delete-cart-product", { body: { cartProductId: line.lineId }, cookie: shopper.cookie });
        if (removed && removed.status < 300) shopper.cart.delete(productId);
      } else {
        await store("cart", shopper.address, "GET", `/api/count-cart-product/${shopper.id}`, { cookie: shopper.cookie });
      }
    });
  },
  async signIn() {
    await asShopper("signIn", async (shopper) => {
      await store("signIn", shopper.address, "POST", "/api/logout", { cookie: shopper.cookie });
      const answer = await store("signIn", shopper.address, "POST", "/api/signin", { body: { email: shopper.email, password: PASSWORD } });
      if (answer?.status === 200) shopper.cookie = cookiesOf(answer);
      await store("signIn", shopper.address, "GET", "/api/user-details", { cookie: shopper.cookie });
    });
  },
  async checkout() {
    await asShopper("checkout", async (shopper) => {
      const added = await store("checkout", shopper.address, "POST", "/api/add-to-cart", { body: { productId: checkoutProduct }, cookie: shopper.cookie });
      const line = added && added.status < 300 ? json(added)?.data : null;
      if (!line) return;
      const started = await store("checkout", shopper.address, "POST", "/api/checkout", { body: { cartItems: [line] }, cookie: shopper.cookie });
      const payUrl: string | undefined = started && started.status === 200 ? json(started)?.data?.url : undefined;
      if (!payUrl) return;
      // The hosted payment page (the emulator, not the store: not in the store's figures).
      const form = new URLSearchParams({ ...TEST_DELIVERY_FORM, email: "", cardNumber: "4242424242424242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Soak Shopper" }).toString();
      const page = new URL(payUrl);
      let paid: Answer;
      try {
        paid = await send(page.origin, shopper.address, "POST", page.pathname, { form });
      } catch (error) {
        paymentsRefused += 1;
        record("setup", `pay ${page.pathname}`, `failed: ${String(error)}`, 0, "");
        return;
      }
      if (paid.status !== 303) {
        paymentsRefused += 1;
        record("setup", `pay ${page.pathname}`, paid.status, paid.ms, paid.text);
        return;
      }
      checkoutsPaid += 1;
      // The success page: the order appears once the emulator's signed webhook has been fulfilled.
      const until = Date.now() + 20_000;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const orders = await store("checkout", shopper.address, "GET", "/api/get-order-details", { cookie: shopper.cookie });
        const total: number | undefined = orders ? json(orders)?.total : undefined;
        if (total !== undefined && total > shopper.orders) {
          shopper.orders = total;
          if (loadStartedAt) minuteNow().orders += 1;
          return;
        }
        if (Date.now() > until || stopping) break;
      }
      checkoutsUnfulfilled += 1;
      record("setup", `order for ${page.pathname}`, "no order within 20 s", 20_000, "");
    });
  },
  async admin() {
    const product = editable[edits % editable.length]!;
    // Alternates between its price and one rupee less.
    const sellingPrice = Math.floor(edits / editable.length) % 2 === 0 ? product.sellingPrice - 1 : product.sellingPrice;
    edits += 1;
    const { _id, productName, brandName, category, productImage, productDesc, price } = product;
    await store("admin", ADMIN_ADDRESS, "PUT", "/api/update-product", { body: { _id, productName, brandName, category, productImage, productDesc, price, sellingPrice }, cookie: adminCookie });
  },
};

// Setup --------------------------------------------------------------------------------------------

async function setUp(cluster: Cluster): Promise<void> {
  BASE = cluster.url;
  const admin = await send(BASE, ADMIN_ADDRESS, "POST", "/api/signin", { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  if (admin.status !== 200) throw new Error(`the demo admin's sign-in answered ${admin.status}: ${admin.text}`);
  adminCookie = cookiesOf(admin);
  const list = json(await send(BASE, ADMIN_ADDRESS, "GET", "/api/get-product?limit=100"));
  const products: (Editable & { available?: number })[] = list?.data ?? [];
  if (products.length < 10) throw new Error("the store has too few products");
  catalogue = products.map((product) => ({ _id: product._id, category: product.category }));
  editable = products.filter((product) => product.sellingPrice > 2).slice(0, 8);
  // The soak's own products, with units for any number of checkouts: no stock race, no 409.
  const made: string[] = [];
  for (let i = 0; i < 4; i++) {
    const answer = await send(BASE, ADMIN_ADDRESS, "POST", "/api/upload-product", {
      cookie: adminCookie,
      body: { productName: `Soak product ${i + 1} ${Date.now().toString(36)}`, brandName: "Volt", category: "mobiles", productImage: products[0]!.productImage.slice(0, 1), productDesc: "Made by npm run soak.", price: 1999, sellingPrice: 999, stock: 1_000_000 },
    });
    if (answer.status !== 201) throw new Error(`upload-product answered ${answer.status}: ${answer.text}`);
    made.push(json(answer).data._id);
  }
  [checkoutProduct, ...cartProducts] = made as [string, ...string[]];
  const run = Date.now().toString(36);
  for (let i = 0; i < SHOPPERS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, SHOPPERS - i) }, async (_, j) => {
        const n = i + j;
        const address = `127.77.0.${n + 1}`;
        const email = `soak-${run}-${n}@example.com`;
        const created = await send(BASE, address, "POST", "/api/signup", { body: { name: "Soak Shopper", email, contact: "", password: PASSWORD, confirmPwd: PASSWORD, profilepic: "" } });
        if (created.status !== 201) throw new Error(`sign-up answered ${created.status}: ${created.text}`);
        const signedIn = await send(BASE, address, "POST", "/api/signin", { body: { email, password: PASSWORD } });
        if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${signedIn.text}`);
        const cookie = cookiesOf(signedIn);
        const details = json(await send(BASE, address, "GET", "/api/user-details", { cookie }));
        shoppers.push({ email, id: details.data._id, address, cookie, busy: false, cart: new Map(), orders: 0 });
      }),
    );
  }
}

// Figures ------------------------------------------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))]! : 0;
}

const MB = 1024 * 1024;

function megabytes(bytes: number | undefined): number {
  return bytes === undefined ? NaN : bytes / MB;
}

function row(index: number, minute: Minute) {
  const sorted = [...minute.latencies].sort((a, b) => a - b);
  const requests = Object.values(minute.statuses).reduce((sum, n) => sum + n, 0);
  return {
    minute: index + 1,
    requests,
    ...minute.statuses,
    p50: Math.round(percentile(sorted, 50)),
    p99: Math.round(percentile(sorted, 99)),
    rssA: megabytes(minute.rss.A),
    rssB: megabytes(minute.rss.B),
    rssLowA: megabytes(minute.rssLow.A),
    rssLowB: megabytes(minute.rssLow.B),
    heapA: megabytes(minute.heapLive.A),
    heapB: megabytes(minute.heapLive.B),
    cacheA: megabytes(minute.pageCache.A),
    cacheB: megabytes(minute.pageCache.B),
    connections: minute.connections,
    orders: minute.orders,
    skipped: minute.skipped,
    load: minute.load,
  };
}

function line(r: ReturnType<typeof row>): string {
  return `[soak] min ${String(r.minute).padStart(2)} | ${r.requests} req (${(r.requests / 60).toFixed(1)}/s): 2xx ${r["2xx"]} 3xx ${r["3xx"]} 4xx ${r["4xx"]} 5xx ${r["5xx"]} failed ${r.failed} | p50 ${r.p50} ms p99 ${r.p99} ms | RSS A ${r.rssA.toFixed(0)} (low ${r.rssLowA.toFixed(0)}) MB B ${r.rssB.toFixed(0)} (low ${r.rssLowB.toFixed(0)}) MB | live heap A ${r.heapA.toFixed(0)} MB B ${r.heapB.toFixed(0)} MB (page cache ${r.cacheA.toFixed(0)}, ${r.cacheB.toFixed(0)}) | db connections ${r.connections.total} (${r.connections.active} active) | orders ${r.orders} | skipped ${r.skipped} | load ${r.load.toFixed(1)}`;
}

// Main -----------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const outputDir = path.join(ROOT, ".data", "soak", stamp);
  mkdirSync(outputDir, { recursive: true });
  console.log(`[soak] ${MINUTES} minutes at about ${RATE} requests a second; instance output in ${path.relative(ROOT, outputDir)}/`);
  const cluster = await startCluster({ log: (text) => console.log(text.replace(/^resilience:/, "[soak]")), build: "if-missing", trustedProxyHops: 1, outputDir, label: "soak", metricsToken: METRICS_TOKEN });
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(cluster.url)) throw new Error(`not on loopback: ${cluster.url}`);
  const database = new pg.Client({ connectionString: cluster.databaseUrl });
  await database.connect();
  const interrupt = () => {
    if (stopping) return;
    console.log("[soak] interrupted: finishing what is in flight");
    stopping = true;
  };
  process.on("SIGINT", interrupt);
  process.on("SIGTERM", interrupt);
  let exitCode = 1;
  try {
    await setUp(cluster);
    console.log(`[soak] ${shoppers.length} shoppers signed in, ${cartProducts.length + 1} products of the soak's own; load through ${cluster.url}`);

    loadStartedAt = Date.now();
    const endsAt = loadStartedAt + MINUTES * 60_000;
    const credit: Record<Kind, number> = { page: 0, api: 0, search: 0, shopperRead: 0, cart: 0, signIn: 0, checkout: 0, admin: 0 };
    const running = new Set<Promise<void>>();
    const TICK_MS = 50;
    const ticker = setInterval(() => {
      if (stopping || Date.now() >= endsAt) return;
      for (const kind of Object.keys(MIX) as Kind[]) {
        credit[kind] += MIX[kind] * SCALE * (TICK_MS / 1000);
        while (credit[kind] >= 1) {
          credit[kind] -= 1;
          // Bounded: never more than 400 requests waiting at once (the store is then far behind).
          if (inFlight > 400) {
            skip(kind);
            continue;
          }
          const operation = operations[kind]().catch((error: unknown) => record("setup", kind, `client error: ${String(error)}`, 0, ""));
          running.add(operation);
          void operation.finally(() => running.delete(operation));
        }
      }
    }, TICK_MS);

    // Each server's resident memory every RSS_SAMPLE_MS: under load it saws up and down by a
    // hundred MB or more between collections, so a minute keeps its lowest value (the trough) as
    // well as its last; the trend is read from the troughs and the live heap, not one sample.
    const sampleResident = (minute = minuteNow()) => {
      for (const name of ["A", "B"] as const) {
        const pid = cluster.instances[name].serverPid();
        const bytes = pid === null ? null : residentBytes(pid);
        if (bytes === null) continue;
        minute.rss[name] = bytes;
        minute.rssLow[name] = Math.min(minute.rssLow[name] ?? Infinity, bytes);
      }
    };
    const rssSampler = setInterval(sampleResident, RSS_SAMPLE_MS);
    // Samples each minute's end: memory of each server process, the database's connections.
    const sample = async (minute: Minute) => {
      sampleResident(minute);
      for (const name of ["A", "B"] as const) {
        const answer = await fetch(`${cluster.instances[name].url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` }, signal: AbortSignal.timeout(5_000) }).catch(() => null);
        const text = answer?.ok ? await answer.text() : "";
        const live = /^volt_heap_live_bytes (\S+)$/m.exec(text)?.[1];
        if (live !== undefined) minute.heapLive[name] = Number(live);
        const cached = /^volt_page_cache_bytes (\S+)$/m.exec(text)?.[1];
        if (cached !== undefined) minute.pageCache[name] = Number(cached);
      }
      minute.load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
      const counts = await database.query<{ state: string | null; n: string }>("SELECT state, count(*) AS n FROM pg_stat_activity WHERE datname = current_database() GROUP BY state");
      minute.connections = {
        total: counts.rows.reduce((sum, r) => sum + Number(r.n), 0),
        active: counts.rows.filter((r) => r.state === "active").reduce((sum, r) => sum + Number(r.n), 0),
      };
    };
    for (let index = 0; index < MINUTES && !stopping; index++) {
      const at = loadStartedAt + (index + 1) * 60_000;
      while (Date.now() < at && !stopping) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, at - Date.now())));
      while (minutes.length <= index) minutes.push(new Minute());
      await sample(minutes[index]!);
      console.log(line(row(index, minutes[index]!)));
    }
    stopping = true;
    clearInterval(ticker);
    clearInterval(rssSampler);
    const drained = Promise.all(running);
    await Promise.race([drained, new Promise((resolve) => setTimeout(resolve, 30_000))]);

    // Totals.
    const rows = minutes.map((minute, index) => row(index, minute));
    const total = { requests: 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, failed: 0, orders: 0 };
    for (const r of rows) for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += r[key];
    const all = minutes.flatMap((minute) => minute.latencies).sort((a, b) => a - b);
    const elapsed = (Math.min(Date.now(), endsAt) - loadStartedAt) / 1000;
    const stripeEvents = (await (await fetch(`${cluster.emulators.url}/stripe/events`)).json()) as { type: string; delivered: boolean; deliveries: { status: number | null }[] }[];
    const completed = stripeEvents.filter((event) => event.type === "checkout.session.completed");
    const report: string[] = [];
    report.push(`[soak] totals: ${total.requests} requests in ${(elapsed / 60).toFixed(1)} min (${(total.requests / elapsed).toFixed(1)}/s): 2xx ${total["2xx"]}, 3xx ${total["3xx"]}, 4xx ${total["4xx"]}, 5xx ${total["5xx"]}, failed connections ${total.failed}; p50 ${Math.round(percentile(all, 50))} ms, p99 ${Math.round(percentile(all, 99))} ms, max ${Math.round(all.at(-1) ?? 0)} ms`);
    report.push(`[soak] checkouts: ${checkoutsPaid} paid on the emulator, ${total.orders} orders seen by their shoppers, ${checkoutsUnfulfilled} without an order after 20 s, ${paymentsRefused} payments refused; webhook events ${completed.length}, delivered ${completed.filter((e) => e.delivered).length}, attempts that failed ${completed.flatMap((e) => e.deliveries).filter((d) => d.status !== 200).length}; admin price edits ${edits}`);
    const kinds = [...new Set(minutes.flatMap((minute) => [...minute.byKind.keys()]))];
    report.push(
      `[soak] by kind (requests, p50, p99 over the run): ${kinds
        .map((kind) => {
          const sorted = minutes.flatMap((minute) => minute.byKind.get(kind) ?? []).sort((a, b) => a - b);
          return `${kind} ${sorted.length}, ${Math.round(percentile(sorted, 50))}/${Math.round(percentile(sorted, 99))} ms`;
        })
        .join("; ")}`,
    );
    if (Object.keys(skipped).length) report.push(`[soak] operations skipped (no idle shopper, or 400 requests waiting): ${JSON.stringify(skipped)}`);
    for (const [label, column, windowed] of [
      [`resident memory, lowest of each ${WINDOW} minutes`, "rssLow", true],
      ["live heap (after a full collection), each minute", "heap", false],
      ["resident memory at each minute's end", "rss", false],
    ] as const) {
      const slopes: string[] = [];
      for (const name of ["A", "B"] as const) {
        const key = `${column}${name}` as const;
        const minutesOf = rows.filter((r) => Number.isFinite(r[key])).map((r) => [r.minute, r[key]] as [number, number]);
        const whole = windowed ? lowestPerWindow(minutesOf) : minutesOf;
        const { after: s, whole: w } = trend(whole);
        const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(2)} MB/min`;
        slopes.push(`${name} ${s === null ? "n/a (fewer than 3 points after minute 10)" : signed(s)} (whole run ${w === null ? "n/a" : signed(w)}, first ${whole[0]?.[1].toFixed(0) ?? "?"} MB, last ${whole.at(-1)?.[1].toFixed(0) ?? "?"} MB)`);
      }
      report.push(`[soak] ${label}, slope after minute 10 (least squares): ${slopes.join("; ")}`);
    }
    const p99s = rows.map((r) => r.p99);
    const steady = rows.filter((r) => r.minute > 1).map((r) => r.p99).sort((a, b) => a - b);
    report.push(`[soak] p99 per minute: min ${Math.min(...p99s)} ms, median ${percentile([...p99s].sort((a, b) => a - b), 50)} ms, max ${Math.max(...p99s)} ms${steady.length ? `; after minute 1: ${steady[0]}–${steady.at(-1)} ms` : ""}`);
    if (unexpectedCounts.size) {
      report.push(`[soak] UNEXPECTED answers (${[...unexpectedCounts.values()].reduce((a, b) => a + b, 0)}):`);
      for (const [key, count] of [...unexpectedCounts].sort((a, b) => b[1] - a[1])) {
        const sample = unexpected.find((s) => key.startsWith(`${s.kind} `) && key.endsWith(`→ ${s.status}`));
        report.push(`  ${count} × ${key}${sample ? `  e.g. minute ${sample.minute}: ${sample.what} ${JSON.stringify(sample.body.slice(0, 200))}` : ""}`);
      }
    } else report.push("[soak] unexpected answers: none");
    const table = [
      "| minute | requests | 2xx | 3xx | 4xx | 5xx | failed | p50 ms | p99 ms | RSS A MB (low) | RSS B MB (low) | live heap A / B MB (page cache) | DB connections (active) | orders | machine load |",
      "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...rows.map((r) => `| ${r.minute} | ${r.requests} | ${r["2xx"]} | ${r["3xx"]} | ${r["4xx"]} | ${r["5xx"]} | ${r.failed} | ${r.p50} | ${r.p99} | ${r.rssA.toFixed(0)} (${r.rssLowA.toFixed(0)}) | ${r.rssB.toFixed(0)} (${r.rssLowB.toFixed(0)}) | ${r.heapA.toFixed(0)} / ${r.heapB.toFixed(0)} (${r.cacheA.toFixed(0)}, ${r.cacheB.toFixed(0)}) | ${r.connections.total} (${r.connections.active}) | ${r.orders} | ${r.load.toFixed(1)} |`),
    ].join("\n");
    console.log(report.join("\n"));
    console.log(`\n${table}\n`);
    writeFileSync(path.join(outputDir, "summary.md"), `${report.join("\n")}\n\n${table}\n`);
    writeFileSync(path.join(outputDir, "minutes.json"), JSON.stringify(rows, null, 1));
    const failed = unexpectedCounts.size > 0 || checkoutsUnfulfilled > 0 || paymentsRefused > 0;
    exitCode = failed ? 1 : 0;
    console.log(`[soak] ${failed ? "FAILED: see the unexpected answers above" : "passed: no request failed"}; written to ${path.relative(ROOT, outputDir)}/summary.md`);
  } finally {
    await database.end().catch(() => undefined);
    agent.destroy();
    await cluster.stop();
  }
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
