// npm run bench [-- --url http://localhost:3000] [--duration 10] [--runs 3] [--checkouts 200] [--racers 200] [--race-units 50] [--skip-lighthouse] [--skip-search] [--skip-checkout] [--skip-admin] [--skip-orders] [--only-orders] [--orders 100000] [--skip-billing] [--only-billing] [--skip-alerts] [--only-alerts] [--only-reviews] [--watchers 100000] [--only-delivery] [--skip-delivery] [--billing-orders 100000] [--only-catalog --synthetic N] [--rows <regex>] [--warm-up 3000] [--rounds 1] ("static chunk": scripts/bench-static.ts)
// BENCH_PROF=<dir> writes a CPU profile of the delivery child (scripts/bench-delivery.ts) there, for `--only-delivery`.
//
// Measures a running production server (it builds and starts nothing itself: `npm run build &&
// npm start` first) and prints one table:
//   - Lighthouse, mobile profile: performance, accessibility, best practices, SEO, LCP, TBT
//     for home, a category page, a product page and search; each page `--runs` times (default
//     3), reporting the run with the median performance score and the range of scores (one run
//     swings by ±5 on a 2-core machine, as Lighthouse's own docs on variability warn). All runs
//     share one headless Chromium started here, as a visitor's browser is already running: a
//     browser launched per run sometimes presents its first frame a second late while its GPU
//     process starts on the busy machine, and Lighthouse then charges every script to LCP.
//     The same for the signed-in pages (cart, checkout, wishlist, my account, my orders) with a session cookie.
//   - autocannon, 50 connections, one row each: requests per second and p99 latency for the
//     cached pages, the catalogue API (get-product paged and whole, the category strip, a
//     category, one product, search, fiter-product), the signed-in reads and writes of one
//     shopper (user details, cart lines, wishlist count, the cart page, add to cart across a
//     thousand products, a quantity change), Next's trivial /robots.txt, static files, and a bare
//     node:http server in a process of its own answering the cached home page's bytes from
//     memory (the ceiling of one Node process here); each row as a share of the ceiling and as a
//     multiple of /robots.txt. The server's resident memory (found by its port, read from /proc)
//     at idle, at its peak during the load and after it.
//   - search latency over 100 000 synthetic products (a throwaway embedded PostgreSQL, seeded
//     here, queried through the store's own searchProducts())
//   - the admin's Orders list over 100 000 synthetic orders (`--orders` N; a throwaway embedded
//     PostgreSQL, filled here by SQL, queried through the store's own listOrdersForAdmin()): p50,
//     p99 and max of each query kind (each state's first page, a later page, the search by
//     order number, email and phone), and refunds per second: 200 paid orders at a Stripe
//     emulator of its own, each refunded whole through refundOrder(), 10 at a time
//     (scripts/bench-orders.ts). `--only-orders` measures just these and needs no running store.
//   - `--only-catalog --synthetic N`: the catalogue at N products, alone (scripts/bench-catalog.ts).
//   - wishlist alerts (`--watchers` N, default 100 000): the time sendDueAlerts() takes to mail every
//     watcher of one price drop through a Resend emulator at Resend's default rate limit (2 requests
//     a second, 100 mails a batch), the emulator's counts (requests, batches, 429s), the event loop's
//     delay meanwhile, and a product read through its route handler in the sender's own process, at
//     a steady 100 requests a second, idle against while it sends (scripts/bench-alerts.ts).
//     `--only-alerts` measures just this and needs no running store.
//   - admin (signed in as the demo admin): how long an admin's price edit takes to show on the
//     product page, the category page and search (polled every 20 ms), and load on the admin
//     lists (users page 1, products first and a deep page, products by search)
//   - checkout (`--checkouts` N, default 200; needs the store on the payment emulator, i.e.
//     `npm start` without STRIPE_SECRET_KEY, STORE_DEMO=1, and TRUSTED_PROXY_HOPS=1 so that each
//     shopper's X-Forwarded-For is its own address for the per-address limits): N fresh shoppers with one cart line
//     each; POST /api/checkout once per shopper (each a new Stripe session through the SDK), then
//     again (the same cart reuses its session); then every session is paid on the emulator's
//     hosted page, whose signed webhook deliveries the store fulfils: requests per second and
//     p99 for each, the webhook's from the emulator's own timing of each delivery. The shoppers
//     buy a product the bench makes with 1 000 000 units.
//   - race (with checkout): `--racers` fresh shoppers (200) with one product of `--race-units`
//     units (50) in the cart check out at once over 50 connections: the rate, p99, the sessions
//     made (exactly the units, never more), the 409s, and the units held afterwards.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { seed } from "../prisma/seed";
import { openDatabase, ROOT } from "../server/database/database";
import { rawGet, startBareServer } from "./lib/bare-server";
import { freePort } from "../server/database/embedded-postgres";
import { cgroupLimitMb, cgroupPeakMb } from "../server/cgroup";
import { applyMigrations } from "../server/database/schema-engine";
import { TEST_DELIVERY_FORM } from "../server/emulators/stripe";
import { startEmulators } from "../server/emulators/server";
import { staticChunkRows } from "./bench-static";

const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const BASE = (flag("--url") ?? process.env.BENCH_URL ?? "http://localhost:3000").replace(/\/$/, "");
const DURATION = Number(flag("--duration") ?? 10);
const SYNTHETIC = Number(flag("--synthetic") ?? 100_000);
const RUNS = Math.max(1, Number(flag("--runs") ?? 3));
const CHROME = process.env.CHROME_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].find((p) => spawnSync("test", ["-x", p]).status === 0);

/**
 * fetch with one retry: after the minutes Lighthouse takes, a kept-alive socket from before has
 * been closed by the server, and reusing it fails once ("other side closed").
 */
async function get(path: string): Promise<Response> {
  try {
    return await fetch(`${BASE}${path}`);
  } catch {
    return fetch(`${BASE}${path}`);
  }
}

type Row = { what: string; figures: Record<string, string> };
const rows: Row[] = [];

async function productPath(): Promise<string> {
  // A product with units to spare: the signed-in rows add it to carts.
  const answer = (await (await get("/api/get-product?limit=50")).json()) as { data: { _id: string; available: number }[] };
  const id = answer.data.find((product) => product.available >= 100)?._id;
  if (!id) throw new Error("The store has no products: seed it first");
  return `/product/${id}`;
}

/** One headless Chromium for every Lighthouse run (the flags Lighthouse's own launcher uses). */
async function startChrome(): Promise<{ port: number; stop: () => Promise<void> }> {
  if (!CHROME) throw new Error("No Chromium found: install it (apt-get install chromium) or set CHROME_PATH");
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "bench-chrome-"));
  const flags = [
    "--headless=new", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`,
    "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-default-apps",
    "--disable-background-networking", "--disable-component-update", "--metrics-recording-only", "--mute-audio",
    "--disable-background-timer-throttling", "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
    "--disable-hang-monitor", "about:blank",
  ];
  const child: ChildProcess = spawn(CHROME, flags, { stdio: "ignore" });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill();
      await exited;
    }
    // Chromium's helper processes may still write to the profile just after the browser exits: a
    // profile that cannot be removed yet is left in the temporary folder, never a failed bench.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.error(`[bench] left the Chromium profile ${profile}: ${(error as Error).message}`);
    }
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.ok, () => false)) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`Chromium (${CHROME}) did not open its debugging port`);
}

/** Lighthouse `RUNS` times: the run with the median performance score, and the range. */
function lighthouseMedian(url: string, port: number, cookie?: string): Record<string, string> {
  const runs = Array.from({ length: RUNS }, () => lighthouse(url, port, cookie));
  const scored = runs.filter((run) => run.perf !== undefined).sort((a, b) => Number(a.perf) - Number(b.perf));
  if (scored.length === 0) return runs[0]!;
  const median = scored[Math.floor((scored.length - 1) / 2)]!;
  return { ...median, "perf range": `${scored[0]!.perf}–${scored[scored.length - 1]!.perf} (${scored.length} runs)` };
}

/** One Lighthouse run; with `cookie`, as a signed-in visitor (sent with every request of the page). */
function lighthouse(url: string, port: number, cookie?: string): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), "lh-"));
  const out = path.join(dir, "report.json");
  const cli = path.join(ROOT, "node_modules/lighthouse/cli/index.js");
  const result = spawnSync(
    process.execPath,
    [
      cli,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility,best-practices,seo",
      `--port=${port}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { encoding: "utf8" },
  );
  if (result.status !== 0) return { lighthouse: `failed: ${result.stderr.split("\n").slice(-3).join(" ")}` };
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { displayValue?: string }>;
  };
  rmSync(dir, { recursive: true, force: true });
  const score = (key: string) => String(Math.round((report.categories[key]?.score ?? 0) * 100));
  return {
    perf: score("performance"),
    a11y: score("accessibility"),
    "best pr.": score("best-practices"),
    seo: score("seo"),
    LCP: report.audits["largest-contentful-paint"]?.displayValue ?? "?",
    TBT: report.audits["total-blocking-time"]?.displayValue ?? "?",
    CLS: report.audits["cumulative-layout-shift"]?.displayValue ?? "?",
  };
}

type LoadOptions = { method?: "GET" | "POST"; headers?: Record<string, string>; body?: string; requests?: autocannon.Request[] };


/**
 * Requests of the same load sent before each read-only row is measured (`--warm-up`, default
 * 3000; a count, not seconds: V8 optimises after so many calls, however slow the machine). A
 * freshly started server runs its first few thousand requests through unoptimised code: without
 * this the first row (the home page) and the ceiling (a fresh process) were measured cold and
 * the rows after them warm (BENCHMARKS.md, "Why the home page read 0.5×").
 */
const WARM_UP = Number(flag("--warm-up") ?? 3000);
const ROUNDS = Math.max(1, Number(flag("--rounds") ?? 1));

async function load(url: string, options: LoadOptions = {}): Promise<{ rps: number; p99: number; errors: number }> {
  // Writes are not repeated just to warm up (add to cart would grow the cart).
  const readOnly = (options.method ?? "GET") === "GET" && (options.requests ?? []).every((request) => (request.method ?? "GET") === "GET");
  if (WARM_UP > 0 && readOnly) {
    await autocannon({ url, connections: 50, amount: WARM_UP, headers: { "accept-encoding": "gzip, br", ...options.headers }, requests: options.requests });
  }
  const result = await autocannon({
    url,
    connections: 50,
    duration: DURATION,
    method: options.method ?? "GET",
    headers: { "accept-encoding": "gzip, br", ...options.headers },
    body: options.body,
    requests: options.requests,
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The server's process (the one listening on the bench's port), for its memory. */
function serverPid(): number | null {
  const port = new URL(BASE).port || "80";
  const listing = spawnSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" }).stdout ?? "";
  const pid = /pid=(\d+)/.exec(listing)?.[1];
  return pid ? Number(pid) : null;
}

/** Resident memory of a process in MB (from /proc), or NaN. */
function residentMb(pid: number | null): number {
  if (!pid) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024);
  } catch {
    return Number.NaN;
  }
}

/**
 * The server's memory cgroup, when it has a limit: "peak of limit MB" (the peak covers every
 * process in the group, e.g. a launcher and an embedded PostgreSQL started inside it), else "".
 */
function group(pid: number | null): string {
  const limit = pid ? cgroupLimitMb(pid) : null;
  return limit === null ? "" : `${cgroupPeakMb(pid!) ?? "?"} of ${limit} MB`;
}

/** The machine's busy and total CPU ticks so far (/proc/stat), or null where there is none. */
function cpuTicks(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    return { busy: total - fields[3]! - (fields[4] ?? 0), total };
  } catch {
    return null;
  }
}

/**
 * Waits (at most 20 s) until the machine is quiet: under a quarter of its CPU busy over half a
 * second. A row of writes leaves PostgreSQL's autovacuum working for seconds after it, and the
 * row measured next (the next round's first page) would pay for it.
 */
async function quietMachine(): Promise<void> {
  const until = performance.now() + 20_000;
  while (performance.now() < until) {
    const before = cpuTicks();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = cpuTicks();
    if (!before || !after || after.total === before.total) return;
    const busy = (after.busy - before.busy) / (after.total - before.total);
    if (busy < 0.25) return;
  }
  console.error("[bench] the machine stayed busy for 20 s: measuring anyway");
}

/**
 * The physical ceiling of one Node process on this machine: a bare node:http server, in a
 * process of its own, answering `body` (the bytes a cached page is sent as) from memory.
 */
async function bareNodeCeiling(body: Buffer, headers: Record<string, string>): Promise<{ rps: number; p99: number; errors: number }> {
  const bare = await startBareServer(body, headers);
  try {
    return await load(bare.url);
  } finally {
    bare.stop();
  }
}

async function signInCookie(email: string, password: string, address?: string): Promise<string> {
  const headers: Record<string, string> = { "content-type": "application/json", ...(address ? { "x-forwarded-for": address } : {}) };
  const answer = await fetch(`${BASE}/api/signin`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  if (!answer.ok) throw new Error(`signing in as ${email} answered ${answer.status}`);
  return answer.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
}

/** Polls `path` until its HTML holds `text`; answers the milliseconds it took. */
async function msUntil(path: string, text: string, since: number): Promise<number> {
  for (;;) {
    const html = await (await get(path)).text();
    if (html.includes(text)) return Math.round(performance.now() - since);
    if (performance.now() - since > 30_000) return Number.NaN;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function adminFigures(): Promise<void> {
  const cookie = await signInCookie(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const headers = { "content-type": "application/json", cookie };
  type Product = { _id: string; productName: string; brandName: string; category: string; productImage: string[]; productDesc: string; price: number; sellingPrice: number };
  const product = ((await (await fetch(`${BASE}/api/admin-products?limit=1&category=mobiles&state=active`, { headers })).json()) as { data: Product[] }).data[0];
  if (!product) throw new Error("No mobiles to edit: seed the store first");
  const paths = [`/product/${product._id}`, `/category-product?category=${product.category}`, `/search?q=${encodeURIComponent(product.productName)}`];
  for (const path of paths) await get(path); // cached before the edit
  const figures: Record<string, string> = {};
  for (const [round, price] of [product.sellingPrice - 1, product.sellingPrice].entries()) {
    const shown = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 }).format(price);
    const started = performance.now();
    const answer = await fetch(`${BASE}/api/update-product`, { method: "PUT", headers, body: JSON.stringify({ ...product, sellingPrice: price }) });
    if (!answer.ok) throw new Error(`update-product answered ${answer.status}`);
    const times = await Promise.all(paths.map((path) => msUntil(path, `₹${shown}`, started)));
    figures[`edit ${round + 1} ms (product, category, search)`] = times.join(", ");
  }
  rows.push({ what: "admin price edit → visible (same instance)", figures });
  const lists: [string, string][] = [
    ["admin GET /api/all-users?page=1&limit=8", "/api/all-users?page=1&limit=8"],
    ["admin GET /api/admin-products?page=1&limit=20", "/api/admin-products?page=1&limit=20"],
    ["admin GET /api/admin-products?page=2000&limit=20", "/api/admin-products?page=2000&limit=20"],
    ["admin GET /api/admin-products?q=samsung", "/api/admin-products?q=samsung&limit=20"],
    ["admin GET /api/all-orders?page=1", "/api/all-orders?page=1&limit=20"],
  ];
  for (const [what, path] of lists) {
    console.error(`[bench] autocannon ${path} (${DURATION} s, 10 connections, as the admin)`);
    const result = await autocannon({ url: `${BASE}${path}`, connections: 10, duration: DURATION, headers: { cookie } });
    rows.push({ what, figures: { "req/s": String(Math.round(result.requests.average)), "p99 ms": String(result.latency.p99), errors: String(result.errors + result.non2xx) } });
  }
}

type Shopper = { cookie: string; lineId: string; address: string };

/** A shopper for the signed-in rows: one cart line (whose quantity the bench changes) and a spare product to add. */
async function benchShopper(productId: string): Promise<{ id: string; cookie: string; lineId: string; productIds: string[] }> {
  const [shopper] = await makeShoppers(1, productId);
  const details = (await (await fetch(`${BASE}/api/user-details`, { headers: { cookie: shopper!.cookie } })).json()) as { data: { _id: string } };
  const others = (await (await get("/api/get-product")).json()) as { data: { _id: string }[] };
  return { id: details.data._id, cookie: shopper!.cookie, lineId: shopper!.lineId, productIds: others.data.map((entry) => entry._id).filter((id) => id !== productId) };
}

// Each shopper signs up from an address of its own. The sign-up limit (10 an hour per address)
// counts earlier runs too, so a run takes the second octet of the minute it started in (runs last
// minutes: no two within an hour share it) and numbers its shoppers across all its sign-ups.
const runOctet = 1 + (Math.floor(Date.now() / 60_000) % 250);
let shoppersMade = 0;

async function makeShoppers(count: number, productId: string): Promise<Shopper[]> {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const password = "bench-shopper-password-1";
  const shoppers: Shopper[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${run}-${i}@example.com`;
    // A client of its own (the store runs with TRUSTED_PROXY_HOPS=1 for this).
    const n = shoppersMade++;
    const address = `10.${runOctet}.${Math.floor(n / 250)}.${n % 250}`;
    const json = { "content-type": "application/json", "x-forwarded-for": address };
    const made = await fetch(`${BASE}/api/signup`, { method: "POST", headers: json, body: JSON.stringify({ name: "Bench Shopper", email, contact: "", password, confirmPwd: password, profilepic: "" }) });
    if (made.status !== 201) throw new Error(`signup answered ${made.status}`);
    const cookie = await signInCookie(email, password, address);
    const added = await fetch(`${BASE}/api/add-to-cart`, { method: "POST", headers: { ...json, cookie }, body: JSON.stringify({ productId }) });
    if (!added.ok) throw new Error(`add-to-cart answered ${added.status}: ${await added.text()}`);
    const line = (await added.json()) as { data: { _id: string } };
    shoppers.push({ cookie, lineId: line.data._id, address });
  }
  return shoppers;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** N requests, one per item, 10 at a time; answers the rate, p99 and each answer's body. */
async function eachOnce<T>(url: string, items: T[], request: (item: T) => { method: "POST"; headers: Record<string, string>; body: string; path?: string }, connections = 10) {
  let next = 0;
  const bodies: string[] = [];
  const statuses: number[] = [];
  const result = await autocannon({
    url,
    connections,
    amount: items.length,
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...request(items[next++ % items.length]!) }),
        onResponse: (status, body) => {
          statuses.push(status);
          bodies.push(body);
        },
      },
    ],
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx, bodies, statuses };
}

/** A product of the bench's own, made through the admin's API with `stock` units: runs never share units. */
async function benchProduct(stock: number, label: string): Promise<string> {
  const cookie = await signInCookie(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const template = ((await (await get("/api/get-product?limit=1")).json()) as { data: { productImage: string[] }[] }).data[0];
  if (!template) throw new Error("The store has no products: seed it first");
  const answer = await fetch(`${BASE}/api/upload-product`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({
      productName: `Bench ${label} ${Date.now().toString(36)}`,
      brandName: "Volt",
      category: "mobiles",
      productImage: template.productImage.slice(0, 1),
      productDesc: "Made by npm run bench.",
      price: 1999,
      sellingPrice: 999,
      stock,
    }),
  });
  if (!answer.ok) throw new Error(`upload-product answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: { _id: string } }).data._id;
}

/** Retires a bench product once its rows are measured, so later runs and shoppers do not meet it. */
async function retireBenchProduct(productId: string): Promise<void> {
  const cookie = await signInCookie(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const answer = await fetch(`${BASE}/api/archive-product`, { method: "POST", headers: { "content-type": "application/json", cookie }, body: JSON.stringify({ productId, archived: true }) });
  if (!answer.ok) console.error(`[bench] archiving bench product ${productId} answered ${answer.status}`);
}

/**
 * 200 shoppers (`--racers`), each with the product in the cart, check out at once (50
 * connections) for 50 units (`--race-units`): exactly that many sessions may be made, the rest
 * get the 409; the units held must equal the sessions.
 */
async function raceFigures(earlier: Shopper[]): Promise<void> {
  const racers = Number(flag("--racers") ?? 200);
  const units = Number(flag("--race-units") ?? 50);
  const productId = await benchProduct(units, "race");
  console.error(`[bench] race: ${racers} shoppers with the product in the cart, ${units} units`);
  // The checkout rows' shoppers (their checkouts are paid: none is open), then new ones: sign-ups
  // are limited store-wide (600 in 10 minutes), so a run makes no more than it needs.
  const shoppers = await Promise.all(
    earlier.slice(0, racers).map(async (shopper) => {
      const added = await fetch(`${BASE}/api/add-to-cart`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: shopper.cookie, "x-forwarded-for": shopper.address },
        body: JSON.stringify({ productId }),
      });
      if (!added.ok) throw new Error(`add-to-cart answered ${added.status}`);
      return { ...shopper, lineId: ((await added.json()) as { data: { _id: string } }).data._id };
    }),
  );
  if (shoppers.length < racers) shoppers.push(...(await makeShoppers(racers - shoppers.length, productId)));
  const race = await eachOnce(
    `${BASE}/api/checkout`,
    shoppers,
    (shopper) => ({
      method: "POST" as const,
      headers: { "content-type": "application/json", cookie: shopper.cookie, "x-forwarded-for": shopper.address },
      body: JSON.stringify({ cartItems: [{ _id: shopper.lineId }] }),
    }),
    50,
  );
  const sessions = new Set(race.bodies.flatMap((body) => {
    const id = (JSON.parse(body) as { id?: string }).id;
    return id ? [id] : [];
  })).size;
  const refused = race.statuses.filter((status) => status === 409).length;
  const other = race.statuses.filter((status) => status !== 200 && status !== 409).length;
  const held = await unitsHeld(productId);
  rows.push({
    what: `race: ${racers} shoppers check out at once for ${units} units (sessions must be exactly ${units})`,
    figures: {
      "req/s": String(race.rps),
      "p99 ms": String(race.p99),
      sessions: String(sessions),
      "409": String(refused),
      "other answers": String(other),
      "held after": held,
    },
  });
  if (sessions !== units) console.error(`[bench] race: ${sessions} sessions for ${units} units: OVERSOLD or under-sold`);
  await retireBenchProduct(productId);
}

/** The product's units on hand and held, as the admin's list shows them. */
async function unitsHeld(productId: string): Promise<string> {
  const cookie = await signInCookie(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const list = (await (await fetch(`${BASE}/api/admin-products?limit=100&q=bench%20race`, { headers: { cookie } })).json()) as { data?: { _id: string; stock: number; held: number }[] };
  const row = list.data?.find((entry) => entry._id === productId);
  return row ? `${row.held} of ${row.stock}` : "?";
}

async function checkoutFigures(): Promise<Shopper[]> {
  const count = Number(flag("--checkouts") ?? 200);
  // A product of its own with plenty of units: every shopper's checkout holds one.
  const productId = await benchProduct(1_000_000, "checkout");
  console.error(`[bench] checkout: making ${count} shoppers with a cart line`);
  const shoppers = await makeShoppers(count, productId);
  const checkoutRequest = (shopper: Shopper) => ({
    method: "POST" as const,
    headers: { "content-type": "application/json", cookie: shopper.cookie, "x-forwarded-for": shopper.address },
    body: JSON.stringify({ cartItems: [{ _id: shopper.lineId }] }),
  });
  console.error(`[bench] checkout: ${count} new sessions, then the same ${count} again`);
  const created = await eachOnce(`${BASE}/api/checkout`, shoppers, checkoutRequest);
  rows.push({ what: `checkout POST /api/checkout (new Stripe session, ${count})`, figures: { "req/s": String(created.rps), "p99 ms": String(created.p99), errors: String(created.errors) } });
  const repeated = await eachOnce(`${BASE}/api/checkout`, shoppers, checkoutRequest);
  rows.push({ what: `checkout again, same cart (reused session, ${count})`, figures: { "req/s": String(repeated.rps), "p99 ms": String(repeated.p99), errors: String(repeated.errors) } });

  const urls = created.bodies.map((body) => (JSON.parse(body) as { data?: { url?: string } }).data?.url).filter((url): url is string => Boolean(url));
  const emulator = urls[0] ? new URL(urls[0]).origin : undefined;
  if (!emulator || !urls[0]!.includes("/stripe/pay/")) {
    rows.push({ what: "webhook fulfilment", figures: { "req/s": "skipped: the store is on real Stripe, not the emulator" } });
    return [];
  }
  const paths = urls.map((url) => new URL(url).pathname);
  console.error(`[bench] webhook: paying ${paths.length} sessions on the emulator; it delivers each event to the store`);
  const card = new URLSearchParams({ ...TEST_DELIVERY_FORM, cardNumber: "4242424242424242", cardExpiry: "12 / 34", cardCvc: "123", cardName: "Bench" }).toString();
  const payStarted = new Date().toISOString();
  await eachOnce(`${emulator}/stripe/pay/x`, paths, (pathname) => ({ method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: card, path: pathname }));
  type Event = { type: string; delivered: boolean; session: string; deliveries: { at: string; status: number | null; ms?: number }[] };
  const ours = new Set(paths.map((pathname) => pathname.split("/").pop()!));
  let events: Event[] = [];
  for (let attempt = 0; attempt < 600; attempt++) {
    events = ((await (await fetch(`${emulator}/stripe/events`)).json()) as Event[]).filter((e) => e.type === "checkout.session.completed" && ours.has(e.session));
    if (events.length >= ours.size && events.every((e) => e.delivered)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const first = events.map((e) => e.deliveries[0]!).filter((d) => d && d.at >= payStarted);
  const times = first.map((d) => d.ms ?? 0).sort((a, b) => a - b);
  const start = Math.min(...first.map((d) => Date.parse(d.at)));
  const end = Math.max(...first.map((d) => Date.parse(d.at) + (d.ms ?? 0)));
  // Each shopper must now have exactly one order.
  let exactlyOne = 0;
  for (const shopper of shoppers) {
    const answer = (await (await fetch(`${BASE}/api/get-order-details`, { headers: { cookie: shopper.cookie } })).json()) as { total?: number };
    if (answer.total === 1) exactlyOne += 1;
  }
  rows.push({
    what: `webhook fulfilment (${first.length} paid sessions, emulator deliveries; ${exactlyOne}/${shoppers.length} shoppers with exactly one order)`,
    figures: {
      "req/s": String(Math.round((first.length / Math.max(1, end - start)) * 1000)),
      "p99 ms": String(percentile(times, 99)),
      errors: String(events.filter((e) => !e.delivered).length + first.filter((d) => d.status !== 200).length),
    },
  });
  await retireBenchProduct(productId);
  return shoppers;
}

async function searchLatency(): Promise<Record<string, string>> {
  const database = await openDatabase({ ephemeral: true });
  try {
    await applyMigrations(database.url);
    const started = Date.now();
    await seed(database.url, { synthetic: SYNTHETIC, quiet: true });
    console.error(`[bench] seeded ${SYNTHETIC} synthetic products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/bench-search.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
    if (code !== 0) return { search: "failed" };
    const figures = JSON.parse(output.trim().split("\n").pop()!) as { samples: number; p50: number; p97_5: number; p99: number; max: number };
    return { samples: String(figures.samples), "p50 ms": String(figures.p50), "p97.5 ms": String(figures.p97_5), "p99 ms": String(figures.p99), "max ms": String(figures.max) };
  } finally {
    await database.stop();
  }
}

type ListFigures = { samples: number; p50: number; p99: number; max: number };
type OrdersFigures = { orders: number; list: Record<string, ListFigures>; refunds: ListFigures & { count: number; concurrency: number; perSecond: number } };

/** The admin's Orders list over synthetic orders and refunds per second (scripts/bench-orders.ts), as table rows. */
async function ordersFigures(): Promise<void> {
  const count = Number(flag("--orders") ?? 100_000);
  const database = await openDatabase({ ephemeral: true });
  // Its own Stripe (and Resend, for the refund mails) emulator: refunds need real PaymentIntents.
  const emulators = await startEmulators();
  try {
    await applyMigrations(database.url);
    const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/bench-orders.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, EMULATOR_URL: emulators.url, NODE_ENV: "production", STORE_DEMO: "1", BENCH_ORDERS: String(count), STRIPE_SECRET_KEY: "", RESEND_API_KEY: "" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
    if (code !== 0) {
      rows.push({ what: `admin orders list, ${count} orders`, figures: { "p50 ms": "failed" } });
      return;
    }
    const figures = JSON.parse(output.trim().split("\n").pop()!) as OrdersFigures;
    for (const [kind, f] of Object.entries(figures.list)) {
      rows.push({ what: `admin orders ${figures.orders}: ${kind}`, figures: { samples: String(f.samples), "p50 ms": String(f.p50), "p99 ms": String(f.p99), "max ms": String(f.max) } });
    }
    const r = figures.refunds;
    rows.push({
      what: `refunds: ${r.count} whole refunds via refundOrder + Stripe emulator, ${r.concurrency} at a time`,
      figures: { "refunds/s": String(r.perSecond), samples: String(r.samples), "p50 ms": String(r.p50), "p99 ms": String(r.p99), "max ms": String(r.max) },
    });
  } finally {
    await emulators.stop();
    await database.stop();
  }
}

type AlertsLoad = { requests: number; perSecond: number; p50: number; p99: number; max: number; errors: number; non2xx: number };
type AlertsFigures = {
  watchers: number;
  run: { mailed: number; batches: number; settled: number };
  seconds: number;
  mailsPerSecond: number;
  emulator: { requests: number; batches: number; emails: number; rateLimited: number };
  check: { mailed: number; baselines: number; due: number };
  eventLoopLag: { p50: number; p99: number; max: number };
  cpuSeconds: number;
  loadAverage: { before: number; after: number };
  reads: { rate: number; windowSeconds: number; idle: AlertsLoad; during: AlertsLoad; duringLater: AlertsLoad | null };
};

/** The wishlist alerts of one price drop watched by many shoppers, and reads meanwhile (scripts/bench-alerts.ts), as table rows. */
async function alertsFigures(): Promise<void> {
  const watchers = Number(flag("--watchers") ?? 100_000);
  const database = await openDatabase({ ephemeral: true });
  // Resend's default limit (2 requests a second), honestly; the outbox keeps only the last mails.
  const emulators = await startEmulators({ resend: { outboxLimit: 1000 } });
  try {
    await applyMigrations(database.url);
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/bench-alerts.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, EMULATOR_URL: emulators.url, NODE_ENV: "production", STORE_DEMO: "1", LOG_LEVEL: "warn", RESEND_API_KEY: "", RESEND_RATE_LIMIT: "2", BENCH_WATCHERS: String(watchers), NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "bench-secret-bench-secret-bench-secret-0" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
    if (code !== 0) {
      rows.push({ what: `wishlist alerts, ${watchers} watchers`, figures: { seconds: "failed" } });
      return;
    }
    const f = JSON.parse(output.trim().split("\n").pop()!) as AlertsFigures;
    rows.push({
      what: `wishlist alerts: one price drop, ${f.watchers} watchers, Resend emulator at 2 req/s`,
      figures: {
        seconds: String(f.seconds),
        "mails/s": String(f.mailsPerSecond),
        mailed: String(f.run.mailed),
        batches: String(f.emulator.batches),
        "429s": String(f.emulator.rateLimited),
        "all marked": String(f.check.mailed === f.watchers && f.check.baselines === f.watchers && f.check.due === 0),
        "loop lag p99 ms": String(f.eventLoopLag.p99),
        "CPU s": String(f.cpuSeconds),
        "load 1 min": `${f.loadAverage.before}→${f.loadAverage.after}`,
      },
    });
    const reads: [string, AlertsLoad | null][] = [["idle", f.reads.idle], ["while sending", f.reads.during], ["while sending, later", f.reads.duringLater]];
    for (const [when, r] of reads) {
      if (!r) continue;
      rows.push({ what: `product read (route handler, sender's process) at ${f.reads.rate}/s, ${when}`, figures: { "req/s": String(r.perSecond), "p50 ms": String(r.p50), "p99 ms": String(r.p99), "max ms": String(r.max), errors: String(r.errors + r.non2xx) } });
    }
  } finally {
    await emulators.stop();
    await database.stop();
  }
}

type BillingFigures = {
  orders: number;
  lines: number;
  fillSeconds: number;
  report: { runs: number; min: number; median: number; max: number };
  issue: { count: number; onePerSecond: number; twoPerSecond: number };
  pdf: { count: number; perSecond: number; min: number; median: number; max: number };
};

/** The GST report over a month of invoices, invoices issued per second and PDFs per second (scripts/bench-billing.ts), as table rows. */
async function billingFigures(): Promise<void> {
  const count = Number(flag("--billing-orders") ?? 100_000);
  const database = await openDatabase({ ephemeral: true });
  try {
    await applyMigrations(database.url);
    // Not under react-server: the PDF renderer needs React's client build (server-only is resolved by a hook).
    const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/bench-billing.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "production", BENCH_BILLING_ORDERS: String(count) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
    if (code !== 0) {
      rows.push({ what: `GST report, ${count} invoices`, figures: { "median ms": "failed" } });
      return;
    }
    const f = JSON.parse(output.trim().split("\n").pop()!) as BillingFigures;
    rows.push({ what: `GST report for a month of ${f.orders} invoices (${f.lines} lines), ${f.report.runs} runs`, figures: { "min ms": String(f.report.min), "median ms": String(f.report.median), "max ms": String(f.report.max) } });
    rows.push({ what: `invoices issued (issueInvoice), ${f.issue.count} each way`, figures: { "one process /s": String(f.issue.onePerSecond), "two racing /s": String(f.issue.twoPerSecond) } });
    rows.push({ what: `invoice PDFs drawn (documentPdf), ${f.pdf.count}`, figures: { "PDFs/s": String(f.pdf.perSecond), "min ms": String(f.pdf.min), "median ms": String(f.pdf.median), "max ms": String(f.pdf.max) } });
  } finally {
    await database.stop();
  }
}

type DeliveryFigures = {
  pins: { heapMb: number; rssMb: number; lookupNs: number; found: number };
  cod: { shoppers: number; units: number; placed: number; refused: number; perSecond: number; p50: number; p99: number; oversold: number; stockLeft: number; held: number };
};

/** The PIN directory's memory and lookup time, and cash-on-delivery orders placed at once (scripts/bench-delivery.ts), as table rows. */
async function deliveryFigures(): Promise<void> {
  const database = await openDatabase({ ephemeral: true });
  try {
    await applyMigrations(database.url);
    const child = spawn(process.execPath, [...(process.env.BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir=" + process.env.BENCH_PROF] : []), "--expose-gc", "--import", "tsx", path.join(ROOT, "scripts/bench-delivery.ts")], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: "error" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
    if (code !== 0) {
      rows.push({ what: "delivery figures", figures: { "median ms": "failed" } });
      return;
    }
    const f = JSON.parse(output.trim().split("\n").pop()!) as DeliveryFigures;
    console.error(`[bench] cash on delivery refusals: ${JSON.stringify((f.cod as { reasons?: unknown }).reasons ?? {})}`);
    rows.push({ what: "PIN directory: memory once unpacked, one lookup", figures: { "heap MB": String(f.pins.heapMb), "RSS MB": String(f.pins.rssMb), "ns/lookup": String(f.pins.lookupNs) } });
    rows.push({
      what: `cash on delivery: ${f.cod.shoppers} shoppers, 50 at a time, for ${f.cod.units} units (placeOrder)`,
      figures: { "orders/s": String(f.cod.perSecond), "p50 ms": String(f.cod.p50), "p99 ms": String(f.cod.p99), placed: String(f.cod.placed), refused: String(f.cod.refused), oversold: String(f.cod.oversold) },
    });
  } finally {
    await database.stop();
  }
}

function printTable() {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.figures)))];
  const widths = [Math.max(4, ...rows.map((row) => row.what.length)), ...columns.map((c) => Math.max(c.length, ...rows.map((row) => (row.figures[c] ?? "").length)))];
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(["what", ...columns]));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line([row.what, ...columns.map((c) => row.figures[c] ?? "")]));
}

async function main() {
  if (process.argv.includes("--only-catalog")) {
    // The catalogue at --synthetic N products: seed, search, uncached category page and API, the
    // admin's list, the sitemap (scripts/bench-catalog.ts; needs `npm run build`, not a running store).
    console.error(`[bench] the catalogue at ${SYNTHETIC} products`);
    const { catalogRows } = await import("./bench-catalog");
    rows.push(...(await catalogRows(SYNTHETIC, { seconds: DURATION })));
    printTable();
    return;
  }
  if (process.argv.includes("--only-delivery")) {
    console.error("[bench] delivery: the PIN directory's memory, cash-on-delivery orders at once (no store needed)");
    await deliveryFigures();
    printTable();
    return;
  }
  if (process.argv.includes("--only-billing")) {
    console.error("[bench] GST billing: the report, invoices issued and PDFs (no store needed)");
    await billingFigures();
    printTable();
    return;
  }
  if (process.argv.includes("--only-reviews")) {
    // A product page with 1,000 reviews, cached and uncached, and the reviews' API in each order
    // (scripts/bench-reviews.ts; needs `npm run build`, not a running store).
    console.error("[bench] reviews: a product page with 1,000 reviews");
    const { reviewRows } = await import("./bench-reviews");
    rows.push(...(await reviewRows({ seconds: DURATION })));
    printTable();
    return;
  }
  if (process.argv.includes("--only-alerts")) {
    console.error("[bench] wishlist alerts: one price drop watched by many shoppers, through the rate-limited emulator (no store needed)");
    await alertsFigures();
    printTable();
    return;
  }
  if (process.argv.includes("--only-orders")) {
    console.error("[bench] the admin's orders list and refunds (no store needed)");
    await ordersFigures();
    printTable();
    return;
  }
  const health = await get("/").catch(() => null);
  if (!health?.ok) throw new Error(`No store answers at ${BASE}: run \`npm run build && npm start\` first (or pass --url).`);
  const product = await productPath();
  const pages: [string, string][] = [
    ["home /", "/"],
    ["category /category-product?category=mobiles", "/category-product?category=mobiles"],
    [`product ${product.slice(0, 17)}…`, product],
    ["search /search?q=samsung", "/search?q=samsung"],
  ];
  // Warm every cache first: the figures are for a store that has served each page once.
  for (const [, url] of pages) await get(url);

  if (!process.argv.includes("--skip-lighthouse")) {
    const chrome = await startChrome();
    try {
      for (const [what, url] of pages) {
        console.error(`[bench] lighthouse ${url}`);
        rows.push({ what: `lighthouse ${what}`, figures: lighthouseMedian(`${BASE}${url}`, chrome.port) });
      }
      // Lighthouse runs synchronously (spawnSync): after it, let the event loop see the server close
      // the idle kept-alive connections meanwhile, or the next fetch writes to one of them (EPIPE).
      await new Promise((resolve) => setTimeout(resolve, 100));
      // The signed-in pages, as a shopper with a cart line sees them (the session cookie sent).
      const visitor = (await makeShoppers(1, product.split("/").pop()!))[0]!;
      for (const url of ["/user-panel/cart", "/checkout", "/user-panel/wishlist", "/user-panel/my-account", "/user-panel/my-orders"]) {
        console.error(`[bench] lighthouse ${url} (signed in)`);
        rows.push({ what: `lighthouse ${url} (signed in)`, figures: lighthouseMedian(`${BASE}${url}`, chrome.port, visitor.cookie) });
      }
    } finally {
      await chrome.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // Two static references: a small file, and the largest script of the home page (a page-sized
  // file: what serving a cached page costs beyond rendering nothing).
  const home = await (await get("/")).text();
  const scripts = [...home.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
  const sizes = await Promise.all(scripts.map(async (src) => [src, (await (await get(src)).arrayBuffer()).byteLength] as const));
  const largest = sizes.sort((a, b) => b[1] - a[1])[0];
  const STATIC = "/images/banners/desktop-1.svg";
  const productId = product.split("/").pop()!;
  const shopper = await benchShopper(productId);
  const signedIn = { cookie: shopper.cookie };
  let added = 0;
  type Target = [what: string, url: string, options?: LoadOptions];
  const targets: Target[] = [
    ...pages.map(([what, url]): Target => [`page ${what}`, url]),
    ["api get-product?limit=50", "/api/get-product?limit=50"],
    ["api get-product (whole list, up to 1000)", "/api/get-product"],
    ["api get-category-product", "/api/get-category-product"],
    ["api get-category-wise-product/mobiles?limit=8", "/api/get-category-wise-product/mobiles?limit=8"],
    ["api get-single-product-details/{id}", `/api/get-single-product-details/${productId}`],
    ["api search-product?q=samsung", "/api/search-product?q=samsung"],
    ["api fiter-product (POST, mobiles, limit 24)", "/api/fiter-product", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ category: ["mobiles"], limit: 24 }) }],
    // Before the writes: thousands of updates leave PostgreSQL's autovacuum busy for a while after.
    ["Next's trivial answer /robots.txt", "/robots.txt"],
    ["signed in: user-details", "/api/user-details", { headers: signedIn }],
    ["signed in: cart lines (count-cart-product)", `/api/count-cart-product/${shopper.id}`, { headers: signedIn }],
    ["signed in: wishlist count", "/api/get-wishlist-count", { headers: signedIn }],
    ["signed in: cart page /user-panel/cart", "/user-panel/cart", { headers: signedIn }],
    // Rendered at each request (its dates move with the clock): the cart's lines, the addresses with their quotes.
    ["signed in: checkout page /checkout", "/checkout", { headers: signedIn }],
    [
      "signed in: add to cart (POST)",
      "/api/add-to-cart",
      {
        // Across a thousand products: one product's line stops at 99.
        requests: [
          {
            method: "POST",
            headers: { ...signedIn, "content-type": "application/json" },
            setupRequest: (request) => ({ ...request, body: JSON.stringify({ productId: shopper.productIds[(added += 1) % shopper.productIds.length] }) }),
          },
        ],
      },
    ],
    [
      "signed in: quantity change (POST)",
      "/api/update-cart-quantity",
      { requests: [2, 3].map((quantity) => ({ method: "POST", headers: { ...signedIn, "content-type": "application/json" }, body: JSON.stringify({ productId: shopper.lineId, quantity }) })) },
    ],
    [`static file ${STATIC}`, STATIC],
    ...(largest ? ([[`static file ${largest[0].split("/").pop()} (${Math.round(largest[1] / 1024)} KB)`, largest[0]]] as Target[]) : []),
  ];
  const pid = serverPid();
  const memory: Record<string, string> = { "idle MB": String(residentMb(pid)) };
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid) || 0)), 250);
  // --rows <regex>: only the load rows whose name matches (robots.txt always, for the ratio).
  const only = flag("--rows") ? new RegExp(flag("--rows")!, "i") : null;
  const chosen = targets.filter(([what]) => !only || only.test(what) || what.includes("robots.txt"));
  // The ceiling: the home page's bytes as the page cache sends them (brotli), from a bare server.
  const homeRaw = await rawGet(`${BASE}/`, { "accept-encoding": "gzip, br" });
  const CEILING = "ceiling: bare node:http, home page's bytes from memory";
  // The same answer byte for byte, its headers too (the CSP, the security headers, Vary, Link):
  // what Node itself costs to send exactly what the page cache sends.
  const SAME_BYTES = "ceiling, same bytes: bare node:http, home page's headers and body";
  const sameHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(homeRaw.headers)) {
    if (value !== undefined && !["content-length", "date", "connection", "keep-alive", "transfer-encoding"].includes(name)) sameHeaders[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  const TRIVIAL = "Next's trivial answer /robots.txt";
  // --rounds N: every chosen row and then the ceiling, N times over (alternated, as rates swing
  // between runs on a shared machine); each figure is the median of the rounds, each ratio the
  // median of the ratios within a round.
  type Figures = { rps: number; p99: number; errors: number };
  const results: Record<string, Figures>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const measured: Record<string, Figures> = {};
    for (const [what, url, options] of chosen) {
      await quietMachine();
      console.error(`[bench] ${ROUNDS > 1 ? `round ${round}/${ROUNDS}: ` : ""}autocannon ${options?.method ?? options?.requests?.[0]?.method ?? "GET"} ${url} (${DURATION} s, 50 connections)`);
      measured[what] = await load(`${BASE}${url}`, options);
      const inGroup = group(pid);
      console.error(`[bench]   ${measured[what].rps} req/s, p99 ${measured[what].p99} ms, ${measured[what].errors} errors; server ${residentMb(pid)} MB resident${inGroup ? `, group ${inGroup}` : ""}`);
    }
    // The largest chunk as a browser asks for it (br) against a bare server sending its brotli bytes.
    if (largest && (!only || only.test("static chunk"))) {
      for (const row of await staticChunkRows({ base: BASE, chunk: largest[0], duration: DURATION })) {
        measured[row.what.replace(/^load /, "")] = { rps: Number(row.figures["req/s"]), p99: Number(row.figures["p99 ms"]), errors: Number(row.figures.errors) };
      }
    }
    await quietMachine();
    console.error(`[bench] autocannon bare node:http ceiling (the cached home page's ${homeRaw.body.length} bytes)`);
    measured[CEILING] = await bareNodeCeiling(homeRaw.body, { "content-type": "text/html; charset=utf-8", "content-encoding": String(homeRaw.headers["content-encoding"] ?? "identity") });
    console.error(`[bench]   ${measured[CEILING].rps} req/s, p99 ${measured[CEILING].p99} ms`);
    await quietMachine();
    console.error(`[bench] autocannon bare node:http ceiling with the same headers too (${Object.keys(sameHeaders).length} headers)`);
    measured[SAME_BYTES] = await bareNodeCeiling(homeRaw.body, sameHeaders);
    console.error(`[bench]   ${measured[SAME_BYTES].rps} req/s, p99 ${measured[SAME_BYTES].p99} ms`);
    results.push(measured);
  }
  clearInterval(sampler);
  memory["peak MB"] = String(peak);
  memory["after load MB"] = String(residentMb(pid));
  const groupAfterLoad = group(pid);
  if (groupAfterLoad) memory["cgroup (all its processes)"] = groupAfterLoad;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  for (const what of Object.keys(results[0]!)) {
    const of = (pick: (round: Record<string, Figures>) => number) => median(results.map(pick));
    const figures: Record<string, string> = {
      "req/s": String(Math.round(of((round) => round[what]!.rps))),
      "p99 ms": String(of((round) => round[what]!.p99)),
      errors: String(results.reduce((sum, round) => sum + round[what]!.errors, 0)),
      "of ceiling": `${Math.round(of((round) => round[what]!.rps / round[CEILING]!.rps) * 100)} %`,
      "of same bytes": `${Math.round(of((round) => round[what]!.rps / round[SAME_BYTES]!.rps) * 100)} %`,
    };
    if (results[0]![TRIVIAL]) figures["× robots.txt"] = of((round) => round[what]!.rps / round[TRIVIAL]!.rps).toFixed(2);
    if (ROUNDS > 1) figures["of ceiling, each round"] = results.map((round) => (round[what]!.rps / round[CEILING]!.rps).toFixed(2)).join(" ");
    if (ROUNDS > 1) figures["of same bytes, each round"] = results.map((round) => (round[what]!.rps / round[SAME_BYTES]!.rps).toFixed(2)).join(" ");
    if (ROUNDS > 1 && results[0]![TRIVIAL]) figures["× robots.txt, each round"] = results.map((round) => (round[what]!.rps / round[TRIVIAL]!.rps).toFixed(2)).join(" ");
    rows.push({ what: `load ${what}`, figures });
  }
  rows.push({ what: `server memory (pid ${pid ?? "?"}, resident)`, figures: memory });
  // The admin and checkout rows add to the group's peak: the last row gives it at the end.

  if (!process.argv.includes("--skip-admin")) await adminFigures();
  if (!process.argv.includes("--skip-checkout")) {
    await raceFigures(await checkoutFigures());
  }

  if (!process.argv.includes("--skip-search")) {
    console.error(`[bench] search latency over ${SYNTHETIC} synthetic products`);
    rows.push({ what: `search ${SYNTHETIC} products (searchProducts)`, figures: await searchLatency() });
  }
  if (!process.argv.includes("--skip-orders")) {
    console.error("[bench] the admin's orders list over synthetic orders, and refunds per second");
    await ordersFigures();
  }
  if (!process.argv.includes("--skip-delivery")) {
    console.error("[bench] delivery: the PIN directory's memory, cash-on-delivery orders at once");
    await deliveryFigures();
  }
  if (!process.argv.includes("--skip-billing")) {
    console.error("[bench] GST billing: the report over a month of invoices, invoices and PDFs per second");
    await billingFigures();
  }
  if (!process.argv.includes("--skip-alerts")) {
    console.error("[bench] wishlist alerts: one price drop watched by many shoppers, through the rate-limited emulator");
    await alertsFigures();
  }
  const groupAtEnd = group(pid);
  if (groupAtEnd) rows.push({ what: "server's memory cgroup after the whole run", figures: { "peak MB": groupAtEnd } });
  printTable();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? `${error.stack ?? error.message}${error.cause ? ` (${String(error.cause)})` : ""}` : error);
    // What was measured before the failure (a server killed mid-run, say) is still worth reading.
    if (rows.length) printTable();
    process.exit(1);
  },
);
