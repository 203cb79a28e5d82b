// The catalogue at a large size (`npm run bench -- --only-catalog --synthetic N`): a throwaway
// embedded PostgreSQL seeded with N synthetic products (the seed's own time is a row), then
//   - search latency through searchProducts() (scripts/bench-search.ts, in a child process);
//   - the production build (`npm run build` first) started on that database with the page cache
//     off (PAGE_CACHE_MB=0), and through it:
//       * the category page, uncached: every request is a page number no one asked for before,
//         so neither the page nor the catalogue read behind it is in any cache (one at a time);
//       * its API (get-category-wise-product and fiter-product), uncached the same way;
//       * the admin's product list under 10 connections (autocannon): page 1, page 10 000 by
//         `page` (OFFSET) and by `after` (keyset), a category's page 4 000 both ways;
//       * the sitemap index and its first and last product files, first request (uncached).
// Prints the rows for scripts/bench.ts's table. Loopback only; every load bounded in time.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { seed } from "../prisma/seed";
import { openDatabase, ROOT } from "../server/database/database";
import { freePort } from "../server/database/embedded-postgres";
import { applyMigrations } from "../server/database/schema-engine";

type Row = { what: string; figures: Record<string, string> };

const ADMIN_PAGE_SIZE = 20; // what the admin's list asks for (components/admin/products-admin.tsx)
const round1 = (n: number) => String(Math.round(n * 10) / 10);

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export function summary(samples: number[]): Record<string, string> {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples: String(sorted.length), "p50 ms": round1(percentile(sorted, 50)), "p99 ms": round1(percentile(sorted, 99)), "max ms": round1(sorted[sorted.length - 1]!) };
}

export async function timed(url: string, init?: RequestInit): Promise<number> {
  const started = performance.now();
  const answer = await fetch(url, init);
  await answer.arrayBuffer();
  const elapsed = performance.now() - started;
  if (!answer.ok) throw new Error(`${init?.method ?? "GET"} ${url} answered ${answer.status}`);
  return elapsed;
}

async function searchRows(databaseUrl: string, synthetic: number): Promise<Row> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "scripts/bench-search.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number>((resolve) => child.on("exit", (c) => resolve(c ?? 1)));
  if (code !== 0) return { what: `search, ${synthetic} products`, figures: { "p50 ms": "failed" } };
  const f = JSON.parse(output.trim().split("\n").pop()!) as { samples: number; p50: number; p97_5: number; p99: number; max: number };
  return { what: `search (searchProducts), ${synthetic} products`, figures: { samples: String(f.samples), "p50 ms": String(f.p50), "p97.5 ms": String(f.p97_5), "p99 ms": String(f.p99), "max ms": String(f.max) } };
}

/** Resident memory (MB) of a process and its children (the launcher and the server it starts), from /proc. */
function residentMb(pid: number): number {
  const own = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  return Math.round(own / 1024) + children.reduce((sum, child) => sum + residentMb(child), 0);
}

export async function startStore(databaseUrl: string): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const entry = path.join(ROOT, ".next/volt-server/launch.mjs");
  if (!existsSync(entry)) throw new Error("No production build: run `npm run build` first.");
  const port = Number(process.env.BENCH_CATALOG_PORT ?? (await freePort()));
  const emulatorPort = process.env.BENCH_CATALOG_EMULATOR_PORT ?? String(await freePort());
  const child: ChildProcess = spawn(process.execPath, [entry, "start", "--port", String(port)], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, PAGE_CACHE_MB: "0", STORE_DEMO: "1", NODE_ENV: "production", EMULATOR_PORT: emulatorPort },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    const ready = await fetch(`${base}/api/ready`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() > deadline) throw new Error("the store did not become ready in 2 minutes");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    pid: child.pid!,
    stop: async () => {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));
    },
  };
}

async function adminCookie(base: string): Promise<string> {
  const answer = await fetch(`${base}/api/signin`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }) });
  if (!answer.ok) throw new Error(`signing in as the demo admin answered ${answer.status}`);
  return answer.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
}

export async function load(url: string, cookie: string, seconds: number): Promise<Record<string, string>> {
  const options = { url, connections: 10, headers: { cookie, "accept-encoding": "gzip, br" } };
  // Two seconds first, not counted: the route's first calls (code not yet optimised, the
  // database's pages not yet read) would otherwise land in the first row's p99.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return { "req/s": String(Math.round(result.requests.average)), "p50 ms": String(result.latency.p50), "p99 ms": String(result.latency.p99), errors: String(result.errors + result.non2xx) };
}

async function countRows(databaseUrl: string, category?: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "Product" WHERE ($1::text IS NULL OR category = $1)`, [category ?? null]);
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** The cursor that starts the admin's list after `skip` products, newest first (what `nextCursor` would be). */
async function cursorAt(databaseUrl: string, skip: number, category?: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ms: string; id: string }>(
      `SELECT (extract(epoch FROM "createdAt") * 1000)::bigint AS ms, id FROM "Product" WHERE ($2::text IS NULL OR category = $2)
       ORDER BY "createdAt" DESC, id DESC OFFSET $1 LIMIT 1`,
      [skip - 1, category ?? null],
    );
    return `${rows[0]!.ms}.${rows[0]!.id}`;
  } finally {
    await client.end();
  }
}

/** The product page's first render (the page cache is off; each product asked once, so its data is read too), 1 at a time. */
async function productPageRow(base: string, databaseUrl: string, samples: number): Promise<Row> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The seed's products (their specifications filled) and synthetic ones, half each.
  const ids = (await client.query<{ id: string }>(`(SELECT id FROM "Product" WHERE sku NOT LIKE 'SYN-%' ORDER BY id LIMIT $1) UNION ALL (SELECT id FROM "Product" WHERE sku LIKE 'SYN-%' ORDER BY id LIMIT $1)`, [samples / 2])).rows.map((row) => row.id);
  await client.end();
  await timed(`${base}/product/${ids[ids.length - 1]}`); // the first render loads the page's code
  const times: number[] = [];
  for (const id of ids.slice(0, -1)) times.push(await timed(`${base}/product/${id}`));
  return { what: "product page, first render of each product (page cache off), 1 at a time", figures: summary(times) };
}

/** The plans of the filters' three queries at this size (to stderr): a category read whole, the change notes, a page's rows. */
async function explainFilters(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ids = (await client.query<{ id: string }>(`SELECT id FROM "Product" WHERE category = 'mobiles' ORDER BY "createdAt" DESC LIMIT 24`)).rows.map((row) => row.id);
  const [{ xmin }] = (await client.query<{ xmin: string }>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`)).rows as [{ xmin: string }];
  const plans: [string, string, unknown[]][] = [
    ["a category read whole", `SELECT p.id, p.category, p."brandName", p."sellingPrice", p."archivedAt" IS NULL AS "live", p.stock - p.held > 0 AS "inStock", p."createdAt", p."unitsSold", p.specs FROM "Product" p WHERE p.category = $1 AND p."archivedAt" IS NULL`, ["mobiles"]],
    ["the change notes since a watermark", `SELECT f."productId", p.category, p.specs FROM "FacetChange" f LEFT JOIN "Product" p ON p.id = f."productId" WHERE f.xid >= $1::bigint`, [xmin]],
    ["a page's rows by id", `SELECT * FROM "Product" WHERE id = ANY($1::uuid[])`, [ids]],
  ];
  for (const [what, sql, values] of plans) {
    const plan = (await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, values)).rows.map((row) => row["QUERY PLAN"]).join("\n");
    console.error(`[bench] plan, ${what}:\n${plan}`);
  }
  await client.end();
}

type FacetAnswer = { total: number; facets: { brands: { value: string; count: number }[]; price: { min: number | null; max: number | null }; specs: { key: string; type: string; options: { value: string; count: number }[] }[] } };

/**
 * The filters (GET /api/filter-products, never cached by the front door): each category's facet
 * counts and first page, one at a time; then three filters at once (two brands, a price range, a
 * number specification's range) with exact counts, one at a time and under 10 connections. Every
 * category is asked once first, not timed: that loads its index (a cold start's cost, its own row).
 */
async function facetRows(base: string, pid: number, samples: number, seconds: number): Promise<Row[]> {
  const categories = ["airpodes", "camera", "earphones", "mobiles", "mouse", "printers", "processor", "refrigerator", "speakers", "trimmers", "television", "watches"];
  const rows: Row[] = [];
  const loads: number[] = [];
  const open = new Map<string, FacetAnswer>();
  const before = residentMb(pid);
  for (const category of categories) {
    const started = performance.now();
    open.set(category, (await (await fetch(`${base}/api/filter-products?category=${category}`)).json()) as FacetAnswer);
    loads.push(performance.now() - started);
  }
  rows.push({
    what: "filters: a category's first request (its index read from the database)",
    figures: { ...summary(loads), "products a category": String(Math.round(open.get("mobiles")!.total)), "RSS MB, every index in": `${before} → ${residentMb(pid)}` },
  });
  const counts: number[] = [];
  for (let i = 0; i < samples; i++) counts.push(await timed(`${base}/api/filter-products?category=${categories[i % categories.length]}&page=${1 + Math.floor(i / categories.length)}`));
  rows.push({ what: "filters: a category's facet counts and a page (GET filter-products?category=c&page=n), 1 at a time", figures: summary(counts) });
  // Three filters: two brands, a price range around the middle, one range of a number specification.
  const combos = Array.from({ length: samples }, (_, i) => {
    const category = categories[i % categories.length]!;
    const facets = open.get(category)!.facets;
    const brands = facets.brands.filter((brand) => brand.count > 0);
    const numbers = facets.specs.filter((spec) => spec.type === "number" && spec.options.length > 0);
    const spec = numbers[i % numbers.length];
    const low = facets.price.min ?? 0;
    const high = facets.price.max ?? 100_000;
    const from = Math.round(low + ((high - low) * (i % 5)) / 10);
    const params = new URLSearchParams({ category });
    params.append("brand", brands[i % brands.length]!.value);
    params.append("brand", brands[(i * 7 + 3) % brands.length]!.value);
    params.set("price", `${from}-${Math.round(from + (high - low) / 2)}`);
    if (spec) params.append(spec.key, spec.options[i % spec.options.length]!.value);
    params.set("sort", ["newest", "asc", "desc", "popular"][i % 4]!);
    return `/api/filter-products?${params}`;
  });
  const three: number[] = [];
  for (const path of combos) three.push(await timed(`${base}${path}`));
  rows.push({ what: "filters: brand + price range + a specification range, exact counts, 1 at a time", figures: summary(three) });
  const options = { url: base, connections: 10, requests: combos.map((path) => ({ method: "GET" as const, path })), headers: { "accept-encoding": "gzip, br" } };
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  rows.push({
    what: "filters: the same three-filter selections, 10 connections",
    figures: { "req/s": String(Math.round(result.requests.average)), "p50 ms": String(result.latency.p50), "p99 ms": String(result.latency.p99), errors: String(result.errors + result.non2xx) },
  });
  return rows;
}

export async function catalogRows(synthetic: number, options: { seconds?: number; samples?: number } = {}): Promise<Row[]> {
  const seconds = options.seconds ?? 10;
  const samples = options.samples ?? Number(process.env.BENCH_CATALOG_SAMPLES ?? 200);
  const rows: Row[] = [];
  // Each row also goes to stderr as it is measured, so a failure later keeps what was measured.
  const push = rows.push.bind(rows);
  rows.push = (...added: Row[]) => {
    for (const row of added) console.error(`[bench] ${row.what}: ${JSON.stringify(row.figures)}`);
    return push(...added);
  };
  const database = await openDatabase({ ephemeral: true });
  try {
    await applyMigrations(database.url);
    const started = Date.now();
    await seed(database.url, { synthetic, quiet: true, demoAccounts: true });
    rows.push({ what: `seed --synthetic ${synthetic}`, figures: { "seconds": round1((Date.now() - started) / 1000) } });
    console.error(`[bench] seeded ${synthetic} synthetic products in ${round1((Date.now() - started) / 1000)} s; search`);
    rows.push(await searchRows(database.url, synthetic));

    console.error("[bench] starting the production build on that database (PAGE_CACHE_MB=0)");
    const store = await startStore(database.url);
    try {
      rows.push(await productPageRow(store.base, database.url, samples));
      if (process.env.BENCH_CATALOG_ONLY === "product") return rows;
      if (process.env.BENCH_CATALOG_ONLY === "filters") {
        rows.push(...(await facetRows(store.base, store.pid, samples, seconds)));
        await explainFilters(database.url);
        return rows;
      }
      const categories = ["mobiles", "televisions", "camera", "watches"];
      // Page numbers no one asked for: 2..(samples+1) spread over categories and sorts.
      const pageUrls = Array.from({ length: samples }, (_, i) => {
        const sort = ["", "&sort=asc", "&sort=desc"][i % 3];
        return `/category-product?category=${categories[i % categories.length]}${sort}&page=${2 + Math.floor(i / 12)}`;
      });
      await timed(`${store.base}/category-product?category=speakers`); // the first render loads the page's code
      const pageTimes: number[] = [];
      for (const url of pageUrls) pageTimes.push(await timed(`${store.base}${url}`));
      rows.push({ what: "category page, uncached (a new page each request, 1 at a time)", figures: summary(pageTimes) });

      const apiTimes: number[] = [];
      for (let i = 0; i < samples; i++) {
        apiTimes.push(await timed(`${store.base}/api/get-category-wise-product/${categories[i % categories.length]}?limit=24&page=${2 + Math.floor(i / categories.length)}`));
      }
      rows.push({ what: "GET get-category-wise-product/{c}?page=N, uncached", figures: summary(apiTimes) });
      const filterTimes: number[] = [];
      for (let i = 0; i < samples; i++) {
        const body = JSON.stringify({ category: [categories[i % categories.length]], sort: i % 2 ? "asc" : "desc", limit: 24, page: 2 + Math.floor(i / categories.length) });
        filterTimes.push(await timed(`${store.base}/api/fiter-product`, { method: "POST", headers: { "content-type": "application/json" }, body }));
      }
      rows.push({ what: "POST fiter-product {category, sort, page}, uncached", figures: summary(filterTimes) });
      rows.push(...(await facetRows(store.base, store.pid, samples, seconds)));

      const cookie = await adminCookie(store.base);
      // Page 10 000 (of 20) where the catalogue has it, else the page 90 % of the way down; a
      // category's page 4 000, or likewise.
      const total = await countRows(database.url);
      const mobiles = await countRows(database.url, "mobiles");
      const deepPage = Math.min(10_000, Math.floor((0.9 * total) / ADMIN_PAGE_SIZE));
      const categoryPage = Math.min(4_000, Math.floor((0.9 * mobiles) / ADMIN_PAGE_SIZE));
      const deep = (deepPage - 1) * ADMIN_PAGE_SIZE; // the products before that page
      const categoryDeep = (categoryPage - 1) * ADMIN_PAGE_SIZE;
      const admin: [string, string][] = [
        ["admin products page 1", `/api/admin-products?page=1&limit=${ADMIN_PAGE_SIZE}`],
        [`admin products page ${deepPage} (?page, OFFSET)`, `/api/admin-products?page=${deepPage}&limit=${ADMIN_PAGE_SIZE}`],
        [`admin products page ${deepPage} (?after, keyset)`, `/api/admin-products?after=${await cursorAt(database.url, deep)}&limit=${ADMIN_PAGE_SIZE}`],
        [`admin products mobiles page ${categoryPage} (?page)`, `/api/admin-products?category=mobiles&page=${categoryPage}&limit=${ADMIN_PAGE_SIZE}`],
        [`admin products mobiles page ${categoryPage} (?after)`, `/api/admin-products?category=mobiles&after=${await cursorAt(database.url, categoryDeep, "mobiles")}&limit=${ADMIN_PAGE_SIZE}`],
      ];
      for (const [what, url] of admin) {
        console.error(`[bench] ${what}`);
        rows.push({ what: `${what}, 10 connections`, figures: await load(`${store.base}${url}`, cookie, seconds) });
      }

      // The sitemap was prerendered by the build (from the build's database): a catalogue write
      // (archive and restore a product, as an admin would) expires it, so the next request renders.
      const some = ((await (await fetch(`${store.base}/api/admin-products?limit=1`, { headers: { cookie } })).json()) as { data: { _id: string }[] }).data[0]!;
      for (const archived of [true, false]) {
        const answer = await fetch(`${store.base}/api/archive-product`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ productId: some._id, archived }) });
        if (!answer.ok) throw new Error(`archive-product answered ${answer.status}`);
      }
      const indexTime = await timed(`${store.base}/sitemap.xml`);
      const index = await fetch(`${store.base}/sitemap.xml`).then((r) => r.text());
      const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
      const productFiles = files.filter((f) => f.includes("products-"));
      rows.push({ what: `sitemap.xml (${index.includes("<sitemapindex") ? `index of ${files.length} files` : `${files.length} addresses`}), first request`, figures: { "ms": round1(indexTime) } });
      if (files.includes("/sitemaps/pages.xml")) await timed(`${store.base}/sitemaps/pages.xml`); // loads the files' route
      for (const file of [productFiles[0], productFiles[productFiles.length - 1]].filter((f): f is string => !!f)) {
        const time = await timed(`${store.base}${file}`);
        const urls = ((await fetch(`${store.base}${file}`).then((r) => r.text())).match(/<url>/g) ?? []).length;
        rows.push({ what: `sitemap ${file} (${urls} addresses), first request`, figures: { "ms": round1(time) } });
      }
    } finally {
      await store.stop();
    }
  } finally {
    await database.stop();
  }
  return rows;
}
