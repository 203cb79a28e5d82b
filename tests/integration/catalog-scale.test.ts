// The catalogue's large-size machinery on a database of its own (it counts every product): the
// kept counts against count(*), the admin list's keyset paging (and the old `page` beside it),
// keyset pages walked while products are inserted, and the sitemap's split into files.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as adminProducts } from "@/app/api/admin-products/route";
import { GET as categoryWise } from "@/app/api/get-category-wise-product/[category]/route";
import { POST as filterRoute } from "@/app/api/fiter-product/route";
import { countCatalog, listProductsForSitemap } from "@/lib/server/catalog/catalog";
import { setProductArchived } from "@/lib/server/catalog/catalog-admin";
import { sitemapFile, sitemapRoot } from "@/lib/server/catalog/sitemap";
import { CATEGORY_VALUES } from "@/lib/catalog/categories";
import { admin, getRequest, jsonRequest, noContext, onOwnDatabase, query, type Shopper } from "../helpers";

onOwnDatabase("catalog_scale");

type Listed = { _id: string; createdAt: string };
type AdminPage = { data: Listed[]; total: number; nextCursor: string | null };

/**
 * `count` products straight in SQL, spread over the categories, `secondsAgo` back from now (one
 * second apart, the first newest), some of them sharing a creation time so the id breaks ties.
 */
async function insertProducts(count: number, secondsAgo: number, tag = randomUUID().slice(0, 6)): Promise<string[]> {
  const rows = await query<{ id: string }>(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", price, "sellingPrice", "createdAt", "updatedAt", stock)
     SELECT gen_random_uuid(), 'Scale ' || $3 || ' ' || g, 'Volt', ($4::text[])[1 + g % 12], ARRAY['/images/products/mobi-001-1.svg'],
            10000, 9000, now() - make_interval(secs => $2 + (g / 2)), now(), 5
     FROM generate_series(0, $1 - 1) AS g
     RETURNING id`,
    [count, secondsAgo, tag, [...CATEGORY_VALUES]],
  );
  return rows.map((row) => row.id);
}

async function exactCount(where = "TRUE", params: unknown[] = []): Promise<number> {
  const [row] = await query<{ n: string }>(`SELECT count(*) AS n FROM "Product" WHERE ${where}`, params);
  return Number(row!.n);
}

async function adminPage(boss: Shopper, params: string): Promise<AdminPage> {
  const response = await adminProducts(getRequest(`/api/admin-products?${params}`, boss.cookie), noContext);
  expect(response.status).toBe(200);
  return (await response.json()) as AdminPage;
}

/** Every product of the admin's list for `params`, walked by `after`; `between` runs after each page. */
async function walk(boss: Shopper, params: string, between?: (page: number) => Promise<unknown>): Promise<string[]> {
  const ids: string[] = [];
  let after: string | null = null;
  for (let page = 1; ; page++) {
    const answer = await adminPage(boss, `${params}${after ? `&after=${after}` : ""}`);
    ids.push(...answer.data.map((p) => p._id));
    after = answer.nextCursor;
    if (!after) return ids;
    await between?.(page);
  }
}

let boss: Shopper;
beforeAll(async () => {
  boss = await admin();
  await insertProducts(230, 100);
});

describe("kept counts", () => {
  it("match count(*) through inserts, archiving, restoring, a change of category and deletes", async () => {
    const check = async () => {
      expect(await countCatalog()).toBe(await exactCount());
      expect(await countCatalog({ state: "active" })).toBe(await exactCount(`"archivedAt" IS NULL`));
      expect(await countCatalog({ state: "archived" })).toBe(await exactCount(`"archivedAt" IS NOT NULL`));
      for (const category of ["mobiles", "camera"]) {
        expect(await countCatalog({ categories: [category], state: "active" })).toBe(await exactCount(`category = $1 AND "archivedAt" IS NULL`, [category]));
      }
      expect(await countCatalog({ categories: ["mobiles", "camera"] })).toBe(await exactCount(`category IN ('mobiles', 'camera')`));
    };
    await check();
    const ids = await insertProducts(40, 50);
    await check();
    await setProductArchived(ids[0]!, true);
    await setProductArchived(ids[1]!, true);
    await setProductArchived(ids[1]!, true); // archived again: still counted once
    await check();
    await setProductArchived(ids[1]!, false);
    await query(`UPDATE "Product" SET category = 'camera' WHERE id = ANY($1::uuid[])`, [ids.slice(2, 6)]);
    await query(`UPDATE "Product" SET stock = stock + 1, "sellingPrice" = 8000 WHERE id = ANY($1::uuid[])`, [ids.slice(6, 10)]);
    await check();
    await query(`DELETE FROM "Product" WHERE id = ANY($1::uuid[])`, [ids.slice(10, 14)]);
    await check();
    // A bulk insert that also updates (the seed's upsert) counts only the rows it inserted.
    await query(
      `INSERT INTO "Product" (id, sku, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt")
       VALUES ($1, $2, 'Upserted', 'Volt', 'mouse', ARRAY['/images/products/mobi-001-1.svg'], 100, 100, now())
       ON CONFLICT (sku) DO UPDATE SET category = 'mobiles'`,
      [randomUUID(), "SCALE-UPSERT"],
    );
    await query(
      `INSERT INTO "Product" (id, sku, "productName", "brandName", category, "productImage", price, "sellingPrice", "updatedAt")
       VALUES ($1, $2, 'Upserted', 'Volt', 'mouse', ARRAY['/images/products/mobi-001-1.svg'], 100, 100, now())
       ON CONFLICT (sku) DO UPDATE SET category = 'mobiles'`,
      [randomUUID(), "SCALE-UPSERT"],
    );
    await check();
  });

  it("are the totals the lists answer, exactly", async () => {
    const mobiles = await exactCount(`category = 'mobiles' AND "archivedAt" IS NULL`);
    expect((await (await categoryWise(getRequest("/api/get-category-wise-product/mobiles?page=1&limit=5"), { params: Promise.resolve({ category: "mobiles" }) })).json()).total).toBe(mobiles);
    const filtered = await (await filterRoute(jsonRequest("/api/fiter-product", { category: ["mobiles", "camera"], sort: "asc", page: 2, limit: 5 }), noContext)).json();
    expect(filtered.total).toBe(await exactCount(`category IN ('mobiles', 'camera') AND "archivedAt" IS NULL`));
    expect((await adminPage(boss, "limit=5")).total).toBe(await exactCount());
    expect((await adminPage(boss, "limit=5&state=archived")).total).toBe(await exactCount(`"archivedAt" IS NOT NULL`));
    expect((await adminPage(boss, "limit=5&category=camera&state=active")).total).toBe(await exactCount(`category = 'camera' AND "archivedAt" IS NULL`));
  });
});

describe("the category lists' pages (ids from the index, then their rows)", () => {
  it.each([
    [["mobiles"], undefined, `"createdAt" DESC, id DESC`],
    [["mobiles", "camera", "mouse"], undefined, `"createdAt" DESC, id DESC`],
    [["mobiles", "camera"], "asc", `"sellingPrice" ASC, id ASC`],
    [["camera"], "desc", `"sellingPrice" DESC, id DESC`],
    [[...CATEGORY_VALUES], "asc", `"sellingPrice" ASC, id ASC`],
  ] as const)("%j sorted %s: every page in the database's order, every product once", async (categories, sort, order) => {
    await query(`UPDATE "Product" SET "sellingPrice" = 5000 + (get_byte(uuid_send(id), 0) % 7) WHERE "productName" LIKE 'Scale %'`);
    const expected = (await query<{ id: string }>(`SELECT id FROM "Product" WHERE category = ANY($1::text[]) AND "archivedAt" IS NULL ORDER BY ${order}`, [[...categories]])).map((row) => row.id);
    const listed: string[] = [];
    for (let page = 1; listed.length < expected.length; page++) {
      const answer = await (await filterRoute(jsonRequest("/api/fiter-product", { category: categories, ...(sort ? { sort } : {}), page, limit: 7 }), noContext)).json();
      expect(answer.total).toBe(expected.length);
      if (answer.data.length === 0) break;
      listed.push(...answer.data.map((p: Listed) => p._id));
    }
    expect(listed).toEqual(expected);
  });
});

describe("the admin's product list by keyset", () => {
  it("walks every product once, newest first, in the same order as `page`", async () => {
    const expected = (await query<{ id: string }>(`SELECT id FROM "Product" ORDER BY "createdAt" DESC, id DESC`)).map((row) => row.id);
    const walked = await walk(boss, "limit=17");
    expect(walked).toEqual(expected);
    // The old offset pages answer the same rows, and say where the next page starts.
    const page3 = await adminPage(boss, "page=3&limit=17");
    expect(page3.data.map((p) => p._id)).toEqual(expected.slice(34, 51));
    const fromCursor = await adminPage(boss, `limit=17&after=${page3.nextCursor}`);
    expect(fromCursor.data.map((p) => p._id)).toEqual(expected.slice(51, 68));
    // One category, one state.
    const cameras = (await query<{ id: string }>(`SELECT id FROM "Product" WHERE category = 'camera' AND "archivedAt" IS NULL ORDER BY "createdAt" DESC, id DESC`)).map((row) => row.id);
    expect(await walk(boss, "limit=4&category=camera&state=active")).toEqual(cameras);
  });

  it("says there is no next page on the last one, and refuses a cursor it never gave", async () => {
    const total = await exactCount();
    const last = await adminPage(boss, `page=1&limit=100&state=archived`);
    expect(last.nextCursor).toBeNull();
    expect(total).toBeGreaterThan(100);
    expect((await adminPage(boss, "page=1&limit=100")).nextCursor).not.toBeNull();
    for (const bad of ["nonsense", "12.not-a-uuid", `${Date.now()}.${"x".repeat(36)}`, "1".repeat(70)]) {
      const response = await adminProducts(getRequest(`/api/admin-products?after=${bad}`, boss.cookie), noContext);
      expect(response.status).toBe(400);
    }
  });

  it("never repeats or skips a product that was there before, while products are inserted between pages", async () => {
    const before = new Set((await query<{ id: string }>(`SELECT id FROM "Product"`)).map((row) => row.id));
    const inserted = new Set<string>();
    // After each page, at once: products newer than all (they go before the walk's place), products
    // whose creation time falls inside the rest of the walk (they land on pages still to come), and
    // products older than all.
    const walked = await walk(boss, "limit=9", async (page) => {
      const batches = await Promise.all([insertProducts(3, 0), insertProducts(3, 100 + page * 4), insertProducts(3, 100_000 + page)]);
      for (const id of batches.flat()) inserted.add(id);
    });
    expect(new Set(walked).size).toBe(walked.length); // no product twice
    const seenBefore = walked.filter((id) => before.has(id));
    expect(seenBefore.length).toBe(before.size); // every product that was there, once
    expect(walked.every((id) => before.has(id) || inserted.has(id))).toBe(true);
    // Offset pages, walked the same way, do repeat: what the cursor is for.
    const byOffset: string[] = [];
    for (let page = 1; page <= 3; page++) {
      byOffset.push(...(await adminPage(boss, `page=${page}&limit=9`)).data.map((p) => p._id));
      await insertProducts(3, 0);
    }
    expect(new Set(byOffset).size).toBeLessThan(byOffset.length);
  });
});

describe("the sitemap's split into files", () => {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

  it("lists every product on sale exactly once, across files of at most the per-file limit", async () => {
    const onSale = (await query<{ id: string }>(`SELECT id FROM "Product" WHERE "archivedAt" IS NULL`)).map((row) => row.id);
    const perFile = 50;
    const index = await (await sitemapRoot(perFile)).text();
    expect(index).toContain("<sitemapindex");
    const files = locs(index);
    expect(files[0]).toBe("/sitemaps/pages.xml");
    expect(files.length).toBe(1 + Math.ceil(onSale.length / perFile));
    const listed: string[] = [];
    for (const file of files) {
      const xml = await (await sitemapFile(file.replace("/sitemaps/", ""), perFile))!.text();
      const addresses = locs(xml);
      expect(addresses.length).toBeLessThanOrEqual(perFile);
      listed.push(...addresses.filter((a) => a.startsWith("/product/")).map((a) => a.slice("/product/".length)));
    }
    expect(listed.length).toBe(onSale.length);
    expect(new Set(listed)).toEqual(new Set(onSale));
    // Past the last file, and names that are no file: none.
    expect(await sitemapFile(`products-${files.length}.xml`, perFile)).toBeNull();
    expect(await sitemapFile("products-0.xml", perFile)).toBeNull();
    expect(await sitemapFile("other.xml", perFile)).toBeNull();
  });

  it("writes each address with its last change, as listProductsForSitemap reads them", async () => {
    const xml = await (await sitemapFile("products-2.xml", 50))!.text();
    const expected = await listProductsForSitemap(50, 50);
    const lines = [...xml.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => ({ id: new URL(m[1]!).pathname.slice("/product/".length), updatedAt: m[2] }));
    expect(lines).toEqual(expected);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url>')).toBe(true);
  });

  it("is one file while everything fits", async () => {
    const xml = await (await sitemapRoot(100_000)).text();
    expect(xml).toContain("<urlset");
    expect(locs(xml).filter((a) => a.startsWith("/product/")).length).toBe(await exactCount(`"archivedAt" IS NULL`));
  });
});
