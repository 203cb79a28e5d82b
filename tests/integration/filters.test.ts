// Faceted filters (issue 39): every count the filters' index answers equals a brute-force count in
// SQL over the products table, for random selections (a property test with a fixed seed), after
// every kind of product write, and at the ranges' edges; the endpoint's limits.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { GET as filterProducts } from "@/app/api/filter-products/route";
import { POST as uploadProduct } from "@/app/api/upload-product/route";
import { PUT as updateProduct } from "@/app/api/update-product/route";
import { POST as archiveProduct } from "@/app/api/archive-product/route";
import { POST as retireDefinition } from "@/app/api/retire-spec-definition/route";
import { CATEGORY_VALUES, type Category } from "@/lib/catalog/categories";
import { selectionParams, type FacetCounts, type FacetSelection } from "@/lib/catalog/facets";
import type { SpecDefinition } from "@/lib/catalog/specs";
import { listSpecDefinitions } from "@/lib/server/catalog/specs";
import { pruneFacetChanges } from "@/lib/server/catalog/facet-index";
import { seed } from "@/prisma/seed";
import { admin, BASE, jsonRequest, noContext, onOwnDatabase, query, type Shopper } from "../helpers";

onOwnDatabase("filters");

let boss: Shopper;
beforeAll(async () => {
  // The seed's 98 products and 2,400 synthetic ones: about 200 a category, every definition filled by the samples.
  await seed(process.env.DATABASE_URL!, { quiet: true, demoAccounts: false, synthetic: 2400 });
  // Two products in three have reviews (issue 40): 1 to 9 of them, averaging anywhere from 1 to 5
  // stars, set on the kept aggregate directly (the triggers that keep it from Review rows are
  // tested in reviews.test.ts), so the rating filter and sort have something to count.
  await query(`
    WITH r AS (SELECT id, 1 + abs(hashtext(id::text)) % 9 AS n, abs(hashtext(reverse(id::text))) % 100 AS k FROM "Product" WHERE abs(hashtext(id::text)) % 3 <> 0)
    UPDATE "Product" p SET "ratingCount" = r.n, "ratingSum" = r.n + (r.k * 4 * r.n) / 99, "ratingAvg" = round((r.n + (r.k * 4 * r.n) / 99) * 100.0 / r.n)
    FROM r WHERE p.id = r.id`);
  boss = await admin();
}, 120_000);

type Answer = { data: { _id: string; sellingPrice: number; createdAt: string }[]; total: number; facets: FacetCounts; message?: string; errors?: Record<string, string> };
async function ask(params: URLSearchParams | string): Promise<{ status: number; body: Answer }> {
  const response = await filterProducts(new NextRequest(`${BASE}/api/filter-products?${params.toString()}`), noContext);
  return { status: response.status, body: (await response.json()) as Answer };
}
const askSelection = (selection: FacetSelection, limit = 24) => {
  const params = selectionParams(selection);
  params.set("limit", String(limit));
  return ask(params);
};

// The oracle: the same counts, brute force, in SQL ------------------------------------------------

/** A SQL condition (with $n parameters pushed onto `values`) for one facet's ticked options. */
function facetCondition(facet: string, ticked: string[], definitions: Map<string, SpecDefinition>, values: unknown[]): string {
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (facet === "brand") return `"brandName" = ANY(${param(ticked)}::text[])`;
  if (facet === "stock") return `stock - held > 0`;
  // The average as shown (one decimal): a kept 3.95 shows as 4.0 and is in "4 stars and up".
  if (facet === "rating") return `"ratingCount" > 0 AND round("ratingAvg" / 10.0) >= ${param(Number(ticked[0]) * 10)}::int`;
  if (facet === "price") {
    const [min, max] = ticked[0]!.split("-");
    return [min ? `"sellingPrice" >= ${param(Number(min) * 100)}::int` : "TRUE", max ? `"sellingPrice" <= ${param(Number(max) * 100)}::int` : "TRUE"].join(" AND ");
  }
  const definition = definitions.get(facet)!;
  const key = param(facet);
  switch (definition.type) {
    case "number":
      return `(${ticked
        .map((edge) => {
          const at = definition.buckets.indexOf(Number(edge));
          const next = definition.buckets[at + 1];
          return `(jsonb_typeof(specs->${key}::text) = 'number' AND (specs->>${key}::text)::numeric >= ${param(Number(edge))}::numeric${next === undefined ? "" : ` AND (specs->>${key}::text)::numeric < ${param(next)}::numeric`})`;
        })
        .join(" OR ")})`;
    case "boolean":
      return `(${ticked.map((value) => `specs->${key}::text = '${value === "yes" ? "true" : "false"}'::jsonb`).join(" OR ")})`;
    case "multi":
      return `(jsonb_typeof(specs->${key}::text) = 'array' AND specs->${key}::text ?| ${param(ticked)}::text[])`;
    default:
      return `specs->>${key}::text = ANY(${param(ticked)}::text[])`;
  }
}

/** The selection's facets as (facet, ticked) pairs. */
function activeFacets(selection: FacetSelection): [string, string[]][] {
  return [
    ...(selection.brands.length ? [["brand", selection.brands] as [string, string[]]] : []),
    ...(selection.price ? [["price", [`${selection.price.min ?? ""}-${selection.price.max ?? ""}`]] as [string, string[]]] : []),
    ...(selection.inStock ? [["stock", ["1"]] as [string, string[]]] : []),
    ...(selection.minRating ? [["rating", [String(selection.minRating)]] as [string, string[]]] : []),
    ...Object.entries(selection.specs),
  ];
}

async function oracleCount(categories: Category[], conditions: (values: unknown[]) => string[]): Promise<number> {
  const values: unknown[] = [categories.length ? categories : [...CATEGORY_VALUES]];
  const where = ["category = ANY($1::text[])", `"archivedAt" IS NULL`, ...conditions(values)].join(" AND ");
  const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Product" WHERE ${where}`, values);
  return row!.n;
}

/** Every count the answer holds, checked against the oracle. */
async function expectCountsRight(selection: FacetSelection, facets: FacetCounts, definitions: Map<string, SpecDefinition>) {
  const active = activeFacets(selection);
  const others = (skip: string) => (values: unknown[]) => active.filter(([facet]) => facet !== skip).map(([facet, ticked]) => facetCondition(facet, ticked, definitions, values));
  expect(facets.total).toBe(await oracleCount(selection.categories, others("")));
  for (const option of facets.brands) {
    expect(option.count, `brand ${option.value}`).toBe(await oracleCount(selection.categories, (values) => [...others("brand")(values), facetCondition("brand", [option.value], definitions, values)]));
  }
  expect(facets.inStock.count).toBe(await oracleCount(selection.categories, (values) => [...others("stock")(values), "stock - held > 0"]));
  for (const option of facets.rating) {
    expect(option.count, `rating ${option.value}`).toBe(await oracleCount(selection.categories, (values) => [...others("rating")(values), facetCondition("rating", [option.value], definitions, values)]));
  }
  for (const facet of facets.specs) {
    for (const option of facet.options) {
      const expected = await oracleCount(selection.categories, (values) => [...others(facet.key)(values), facetCondition(facet.key, [option.value], definitions, values)]);
      expect(option.count, `${facet.key} ${option.value}`).toBe(expected);
    }
  }
  const values: unknown[] = [selection.categories.length ? selection.categories : [...CATEGORY_VALUES]];
  const where = ["category = ANY($1::text[])", `"archivedAt" IS NULL`, ...others("price")(values)].join(" AND ");
  const [range] = await query<{ min: number | null; max: number | null }>(`SELECT floor(min("sellingPrice") / 100.0)::int AS min, ceil(max("sellingPrice") / 100.0)::int AS max FROM "Product" WHERE ${where}`, values);
  expect({ min: facets.price.min, max: facets.price.max }).toEqual(range);
}

async function definitionsOf(categories: Category[]): Promise<Map<string, SpecDefinition>> {
  const all = await Promise.all((categories.length ? categories : CATEGORY_VALUES).map((category) => listSpecDefinitions(category)));
  return new Map(all.flat().map((definition) => [definition.key, definition]));
}

/** A small deterministic generator (mulberry32), so a failing selection can be found again. */
function generator(seedValue: number) {
  let a = seedValue;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("facet counts", () => {
  it("equal brute-force counts in SQL for 40 random selections of brands, price ranges, stock, ratings and specifications", async () => {
    const random = generator(39);
    const pick = <T,>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    for (let round = 0; round < 40; round++) {
      const categories = round % 10 === 9 ? ([pick(["earphones", "airpodes"] as const), "earphones"] as Category[]).filter((c, i, all) => all.indexOf(c) === i) : [pick(CATEGORY_VALUES)];
      // What there is to tick: the unfiltered answer's options.
      const open = (await askSelection({ categories, brands: [], price: null, inStock: false, specs: {}, sort: null, page: 1 })).body.facets;
      const selection: FacetSelection = {
        categories,
        brands: [],
        price: null,
        inStock: random() < 0.3,
        minRating: random() < 0.3 ? pick([4, 3]) : null,
        specs: {},
        sort: pick(["asc", "desc", "newest", "popular", "rating"] as const),
        page: 1,
      };
      if (random() < 0.6) selection.brands = [...new Set([pick(open.brands).value, pick(open.brands).value])].sort();
      if (random() < 0.5 && open.price.min !== null && open.price.max !== null) {
        const low = Math.floor(open.price.min + random() * (open.price.max - open.price.min) * 0.5);
        const range = { min: random() < 0.2 ? null : low, max: random() < 0.2 ? null : low + Math.floor(random() * (open.price.max - low)) };
        if (range.min !== null || range.max !== null) selection.price = range;
      }
      for (const facet of open.specs) {
        if (random() < 0.35) selection.specs[facet.key] = [...new Set([pick(facet.options).value, ...(random() < 0.4 ? [pick(facet.options).value] : [])])].sort();
      }
      const { status, body } = await askSelection(selection);
      expect(status, JSON.stringify(selection)).toBe(200);
      await expectCountsRight(selection, body.facets, await definitionsOf(categories));
    }
  }, 120_000);

  it("put a value at a range's edge in the range that starts there", async () => {
    const name = `Edge phone ${randomUUID().slice(0, 6)}`;
    const created = await uploadProduct(
      jsonRequest("/api/upload-product", { productName: name, brandName: `Edgebrand${randomUUID().slice(0, 4)}`, category: "mobiles", productImage: ["/images/products/mobi-001-1.svg"], productDesc: "Edge.", price: 20000, sellingPrice: 20000, stock: 3, specs: { ram_gb: 8 } }, { cookie: boss.cookie }),
      noContext,
    );
    expect(created.status).toBe(201);
    const brand = ((await created.json()) as { data: { brandName: string } }).data.brandName;
    const { body } = await ask(`category=mobiles&brand=${brand}`);
    const ram = body.facets.specs.find((facet) => facet.key === "ram_gb")!;
    const buckets = Object.fromEntries(ram.options.map((option) => [option.value, option.count]));
    expect(buckets["8"]).toBe(1);
    expect(buckets["6"]).toBe(0);
    expect(buckets["12"]).toBe(0);
    expect(ram.options.find((option) => option.value === "8")?.label).toBe("8–11 GB");
  });
});

describe("counts after product writes", () => {
  it("follow a create, an edit, an archive, stock running out and a retired definition at once", async () => {
    const brand = `Writebrand${randomUUID().slice(0, 6)}`;
    const selection: FacetSelection = { categories: ["television"], brands: [brand], price: null, inStock: false, specs: {}, sort: null, page: 1 };
    const definitions = async () => definitionsOf(["television"]);
    const check = async () => {
      const { body } = await askSelection(selection);
      await expectCountsRight(selection, body.facets, await definitions());
      return body;
    };
    expect((await check()).total).toBe(0);

    const make = async (specs: Record<string, unknown>) => {
      const answer = await uploadProduct(
        jsonRequest("/api/upload-product", { productName: `TV ${randomUUID().slice(0, 6)}`, brandName: brand, category: "television", productImage: ["/images/products/tele-001-1.svg"], productDesc: "A TV.", price: 50000, sellingPrice: 45000, stock: 2, specs }, { cookie: boss.cookie }),
        noContext,
      );
      expect(answer.status).toBe(201);
      return ((await answer.json()) as { data: { _id: string; productName: string } }).data;
    };
    const a = await make({ panel: "OLED", screen_size_in: 55 });
    const b = await make({ panel: "LED", screen_size_in: 43 });
    let body = await check();
    expect(body.total).toBe(2);

    // An edit moves it between options.
    const edited = await updateProduct(
      jsonRequest("/api/update-product", { _id: b._id, productName: b.productName, brandName: brand, category: "television", productImage: ["/images/products/tele-001-1.svg"], productDesc: "A TV.", price: 50000, sellingPrice: 30000, specs: { panel: "QLED", screen_size_in: 65 } }, { method: "PUT", cookie: boss.cookie }),
      noContext,
    );
    expect(edited.status).toBe(200);
    body = await check();
    expect(body.facets.specs.find((facet) => facet.key === "panel")!.options.find((option) => option.value === "QLED")!.count).toBe(1);
    expect(body.facets.price.min).toBe(30000);

    // Out of stock: in-stock count drops (stock set to the units held, none).
    await query(`UPDATE "Product" SET stock = 0 WHERE id = $1`, [a._id]);
    body = await check();
    expect(body.facets.inStock.count).toBe(1);

    // Archived: gone from every count.
    expect((await archiveProduct(jsonRequest("/api/archive-product", { productId: a._id, archived: true }, { cookie: boss.cookie }), noContext)).status).toBe(200);
    body = await check();
    expect(body.total).toBe(1);

    // Deleted outright (never through the store, but the database allows it): gone too.
    await query(`DELETE FROM "Product" WHERE id = $1`, [b._id]);
    expect((await check()).total).toBe(0);

    // A retired definition leaves the facets at once; restored, it is back.
    const panel = (await listSpecDefinitions("television")).find((definition) => definition.key === "panel")!;
    const [row] = await query<{ id: string }>(`SELECT id FROM "SpecDefinition" WHERE category = 'television' AND key = 'panel'`);
    expect(panel).toBeDefined();
    expect((await retireDefinition(jsonRequest("/api/retire-spec-definition", { id: row!.id, retired: true }, { cookie: boss.cookie }), noContext)).status).toBe(200);
    try {
      const { body: after } = await ask("category=television");
      expect(after.facets.specs.map((facet) => facet.key)).not.toContain("panel");
      expect((await ask("category=television&panel=OLED")).status).toBe(400);
    } finally {
      await retireDefinition(jsonRequest("/api/retire-spec-definition", { id: row!.id, retired: false }, { cookie: boss.cookie }), noContext);
    }
    expect((await ask("category=television")).body.facets.specs.map((facet) => facet.key)).toContain("panel");
  });
});

describe("the change notes", () => {
  it("older than a day are pruned, newer ones kept", async () => {
    const old = randomUUID();
    const recent = randomUUID();
    await query(`INSERT INTO "FacetChange" ("productId", xid, "changedAt") VALUES ($1, 1, now() - interval '25 hours'), ($2, 2, now() - interval '23 hours')`, [old, recent]);
    expect(await pruneFacetChanges()).toBeGreaterThanOrEqual(1);
    const left = await query<{ productId: string }>(`SELECT "productId" FROM "FacetChange" WHERE "productId" = ANY($1::uuid[])`, [[old, recent]]);
    expect(left.map((row) => row.productId)).toEqual([recent]);
  });
});

describe("the listing", () => {
  it("pages through the selection in the order asked, each product once", async () => {
    const base = "category=mobiles&limit=50";
    const all: string[] = [];
    const { body: first } = await ask(`${base}&sort=asc`);
    for (let page = 1; page <= Math.ceil(first.total / 50); page++) all.push(...(await ask(`${base}&sort=asc&page=${page}`)).body.data.map((product) => product._id));
    expect(new Set(all).size).toBe(first.total);
    const prices = (await ask(`${base}&sort=asc`)).body.data.map((product) => product.sellingPrice);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    const [row] = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "Product" WHERE category = 'mobiles' AND "archivedAt" IS NULL`);
    expect(first.total).toBe(row!.n);
  });

  it("sorts by customer rating, best first, over one category and several merged, and keeps 4 stars and up to those", async () => {
    type Rated = { _id: string; rating: { average: number; count: number } };
    for (const base of ["category=mobiles&limit=50&sort=rating", "category=earphones&category=airpodes&limit=50&sort=rating"]) {
      const { body: first } = await ask(base);
      const seen: Rated[] = [];
      for (let page = 1; page <= Math.ceil(first.total / 50); page++) seen.push(...((await ask(`${base}&page=${page}`)).body.data as unknown as Rated[]));
      expect(new Set(seen.map((product) => product._id)).size).toBe(first.total);
      const averages = seen.map((product) => product.rating.average);
      expect(averages).toEqual([...averages].sort((x, y) => y - x));
      expect(averages[0]).toBeGreaterThan(averages.at(-1)!);
      const top = (await ask(`${base.replace("&sort=rating", "")}&rating=4`)).body;
      expect(top.total).toBeGreaterThan(0);
      expect((top.data as unknown as Rated[]).every((product) => product.rating.count > 0 && product.rating.average >= 4)).toBe(true);
    }
  });
});

describe("several categories", () => {
  it("page through their merged order, each product once, and follow a product moving between them", async () => {
    const base = "category=earphones&category=airpodes&limit=50&sort=asc";
    const { body: first } = await ask(base);
    const seen: { _id: string; sellingPrice: number }[] = [];
    for (let page = 1; page <= Math.ceil(first.total / 50); page++) seen.push(...(await ask(`${base}&page=${page}`)).body.data);
    expect(seen.map((product) => product._id)).toHaveLength(first.total);
    expect(new Set(seen.map((product) => product._id)).size).toBe(first.total);
    const prices = seen.map((product) => product.sellingPrice);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));

    // A product moves from earphones to airpodes: counted once, in the new one.
    const [moved] = await query<{ id: string }>(`SELECT id FROM "Product" WHERE category = 'earphones' AND "archivedAt" IS NULL ORDER BY id LIMIT 1`);
    const before = { earphones: (await ask("category=earphones")).body.total, airpodes: (await ask("category=airpodes")).body.total };
    await query(`UPDATE "Product" SET category = 'airpodes' WHERE id = $1`, [moved!.id]);
    try {
      expect((await ask("category=earphones")).body.total).toBe(before.earphones - 1);
      expect((await ask("category=airpodes")).body.total).toBe(before.airpodes + 1);
      expect((await ask("category=earphones&category=airpodes")).body.total).toBe(before.earphones + before.airpodes);
    } finally {
      await query(`UPDATE "Product" SET category = 'earphones' WHERE id = $1`, [moved!.id]);
    }
  });
});

describe("GET /api/filter-products", () => {
  it.each([
    ["category=mobiles&colour=red", "colour", "colour is not a filter of this category"],
    ["category=mobiles&ram_gb=7", "ram_gb", "ram_gb has no such option"],
    ["category=mobiles&RAM=8", "selection", "A filter's name has lower-case letters, digits and _ only"],
    ["category=mobiles&price=30000-10000", "price", "price: the lowest must not be above the highest"],
    ["category=mobiles&price=cheap", "price", "price must be a range of whole rupees, such as 10000-25000, -25000 or 10000-"],
    ["category=toasters", "category", "category must be one of the store's categories"],
    ["category=mobiles&sort=cheapest", "sort", "sort must be one of asc, desc, newest, popular, rating"],
    ["category=mobiles&rating=5", "rating", "rating must be 4 or 3 (stars and up) or left out"],
    ["category=mobiles&stock=yes", "stock", "stock must be 1 (in stock only) or left out"],
    [`category=mobiles&${Array.from({ length: 50 }, (_, i) => `brand=B${i}`).join("&")}`, "selection", "A selection may tick at most 30 options"],
  ])("refuses %s with a 400 naming %s", async (params, field, message) => {
    const { status, body } = await ask(params);
    expect(status).toBe(400);
    expect(body.errors).toEqual({ [field]: message });
  });

  it("refuses a limit out of range", async () => {
    expect((await ask("category=mobiles&limit=500")).status).toBe(400);
    expect((await ask("category=mobiles&limit=0")).status).toBe(400);
  });
});
