// A product page with many reviews (`npm run bench -- --only-reviews`, after `npm run build`): a
// throwaway embedded PostgreSQL with the seed's catalogue, then PRODUCTS products of 1,000
// published reviews each (BENCH_REVIEWS; from 1,000 shoppers, with helpful votes), written as
// rows so the triggers keep each product's rating; the production build started on it with the
// front door's page cache off (PAGE_CACHE_MB=0), and through it:
//   - the product page, uncached: each product's first render (its rating, first page of reviews
//     and JSON-LD read from the database), one at a time;
//   - the same page cached (Next's data cache warm), 10 connections;
//   - GET /api/product-reviews (never cached) in each order, pages spread over the 100, 1 at a time.
// Prints the rows for scripts/bench.ts's table.
import pg from "pg";
import { seed } from "../prisma/seed";
import { openDatabase } from "../server/database/database";
import { applyMigrations } from "../server/database/schema-engine";
import { load, startStore, summary, timed } from "./bench-catalog";

type Row = { what: string; figures: Record<string, string> };

const PRODUCTS = Number(process.env.BENCH_REVIEW_PRODUCTS ?? 20);

async function fill(databaseUrl: string, reviews: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = (await client.query<{ id: string }>(`SELECT id FROM "Product" WHERE "archivedAt" IS NULL ORDER BY "createdAt" DESC, id LIMIT $1`, [PRODUCTS])).rows.map((row) => row.id);
    await client.query(
      `INSERT INTO "User" (id, name, email, "passwordHash", "updatedAt")
       SELECT gen_random_uuid(), 'Reviewer ' || g || ' Kumar', 'reviewer-' || g || '@example.com', 'bench-no-password', now() FROM generate_series(1, $1::int) AS g`,
      [reviews],
    );
    // Each product: one review from every reviewer, stars spread 1..5 (more 4s and 5s), a title and
    // a few sentences, written over the last year; then a few helpful votes on some.
    await client.query(
      `INSERT INTO "Review" (id, "productId", "userId", "authorName", rating, title, body, "createdAt")
       SELECT gen_random_uuid(), p.id, u.id, 'Reviewer K.',
              (ARRAY[1,2,3,4,4,5,5,5])[1 + abs(hashtext(p.id::text || u.id::text)) % 8],
              'Review ' || u.email,
              repeat('Works as described, battery lasts the day and the screen is bright. ', 1 + abs(hashtext(u.id::text)) % 5),
              now() - (abs(hashtext(u.id::text || p.id::text)) % 31536000) * interval '1 second'
       FROM unnest($1::uuid[]) AS p(id) CROSS JOIN "User" u WHERE u.email LIKE 'reviewer-%'`,
      [ids],
    );
    await client.query(
      `INSERT INTO "ReviewVote" ("reviewId", "userId")
       SELECT r.id, u.id FROM "Review" r JOIN "User" u ON u.email LIKE 'reviewer-%' AND abs(hashtext(r.id::text || u.id::text)) % 200 = 0 AND u.id <> r."userId"`,
    );
    await client.query("ANALYZE");
    return ids;
  } finally {
    await client.end();
  }
}

export async function reviewRows(options: { seconds?: number; reviews?: number } = {}): Promise<Row[]> {
  const seconds = options.seconds ?? 10;
  const reviews = options.reviews ?? Number(process.env.BENCH_REVIEWS ?? 1000);
  const rows: Row[] = [];
  const database = await openDatabase({ ephemeral: true });
  try {
    await applyMigrations(database.url);
    await seed(database.url, { quiet: true, demoAccounts: true });
    const started = Date.now();
    const ids = await fill(database.url, reviews);
    console.error(`[bench] ${ids.length} products × ${reviews} reviews written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const store = await startStore(database.url);
    try {
      // The first render loads the page's code: a product without reviews, not counted.
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const [other] = (await client.query<{ id: string }>(`SELECT id FROM "Product" WHERE "ratingCount" = 0 LIMIT 1`)).rows;
      await client.end();
      await timed(`${store.base}/product/${other!.id}`);
      const first: number[] = [];
      for (const id of ids) first.push(await timed(`${store.base}/product/${id}`));
      rows.push({ what: `product page with ${reviews} reviews, uncached (each product's first render), 1 at a time`, figures: summary(first) });
      rows.push({ what: `product page with ${reviews} reviews, cached, 10 connections`, figures: await load(`${store.base}/product/${ids[0]}`, "", seconds) });
      const pages = Math.ceil(reviews / 10);
      for (const sort of ["newest", "helpful", "highest", "lowest"]) {
        const times: number[] = [];
        for (let i = 0; i < 100; i++) times.push(await timed(`${store.base}/api/product-reviews?productId=${ids[i % ids.length]}&sort=${sort}&page=${1 + ((i * 37) % pages)}`));
        rows.push({ what: `GET product-reviews sort=${sort}, pages 1–${pages} (never cached), 1 at a time`, figures: summary(times) });
      }
    } finally {
      await store.stop();
    }
  } finally {
    await database.stop();
  }
  return rows;
}
