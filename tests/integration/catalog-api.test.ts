// The catalogue API (docs/PRODUCT.md §7.2: category strip, category-wise, filter, all products, single product,
// search) through the real route handlers on a real Postgres.
//
// Other files write products at the same time, so every assertion here is about this file's own
// products (named with a random marker word, created far in the future so they are the newest) or
// about properties that hold whatever else is in the table (order, bounds, shapes, statuses).
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getCategoryStrip } from "@/app/api/get-category-product/route";
import { GET as getCategoryWise } from "@/app/api/get-category-wise-product/[category]/route";
import { POST as filterProducts } from "@/app/api/fiter-product/route";
import { GET as getProducts } from "@/app/api/get-product/route";
import { GET as getSingleProduct } from "@/app/api/get-single-product-details/[id]/route";
import { GET as searchProducts } from "@/app/api/search-product/route";
import { CATEGORY_VALUES } from "@/lib/catalog/categories";
import { API_LIST_MAX, HOME_ROW_LIMIT } from "@/lib/constants";
import { absoluteUrl } from "@/lib/site-url";
import { seed } from "../../prisma/seed";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { getRequest, jsonRequest, noContext, query } from "../helpers";

/** A random lower-case word that no other product and no vocabulary term resembles. */
function randomWord(prefix: string, length = 10): string {
  let word = prefix;
  while (word.length < length) word += String.fromCharCode(97 + randomInt(26));
  return word;
}

const MARKER = randomWord("zq");
const BRAND_WORD = randomWord("bq");
// A made-up word and the same word with a typo (one letter dropped), for the exact-before-corrected ranking.
const WORD = randomWord("vq");
const WORD_TYPO = WORD.slice(0, 5) + WORD.slice(6);
const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

// Far in the future, so this file's products are the newest in the table and in their categories.
const T0 = Date.UTC(2900, 0, 1);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

type Fixture = {
  productName: string;
  brandName?: string;
  category: string;
  price?: number;
  sellingPrice?: number;
  minutes: number;
  productImage?: string[];
};

const FIXTURES = {
  newest: { productName: `${MARKER} Laser Printer`, brandName: "Canon", category: "printers", minutes: 1000, productImage: [`/img/${MARKER}-printer-1.svg`, `/img/${MARKER}-printer-2.svg`] },
  mouseCheapest: { productName: `${MARKER} Cheap Mouse`, category: "mouse", price: 500, sellingPrice: 1, minutes: 10 },
  mouseCheap: { productName: `${MARKER} Budget Mouse`, category: "mouse", price: 500, sellingPrice: 2, minutes: 11 },
  mousePriciest: { productName: `${MARKER} Premium Mouse`, category: "mouse", price: 2_100_000_000, sellingPrice: 2_000_000_000, minutes: 12 },
  cameraCheap: { productName: `${MARKER} Pinhole Camera`, category: "camera", price: 500, sellingPrice: 3, minutes: 13 },
  rupees: { productName: `${MARKER} Reference Fridge`, brandName: "Samsung", category: "refrigerator", price: 12_999_900, sellingPrice: 9_999_950, minutes: 14 },
  blue: { productName: `${MARKER} Wireless Headset (Blue)`, category: "earphones", minutes: 20 },
  samsung: { productName: `${MARKER} Galaxy Test Phone`, brandName: "Samsung", category: "mobiles", minutes: 21 },
  headphones: { productName: `${MARKER} Studio Headphones`, brandName: "Acme", category: "earphones", minutes: 22 },
  brand: { productName: `${MARKER} Party Speaker`, brandName: capitalized(BRAND_WORD), category: "speakers", minutes: 23 },
  categoryOnly: { productName: `${MARKER} Double Door Cooler`, category: "refrigerator", minutes: 24 },
  alpha: { productName: `${MARKER} Alpha Widget`, category: "processor", minutes: 25 },
  beta: { productName: `${MARKER} Beta Widget`, category: "processor", minutes: 26 },
  typoExact: { productName: `${MARKER} ${capitalized(WORD_TYPO)} Watch`, category: "watches", minutes: 30 },
  typoCorrected: { productName: `${MARKER} ${capitalized(WORD)} Watch`, category: "watches", minutes: 31 },
  phrase: { productName: `${MARKER} Silver Edition`, category: "trimmers", minutes: 40 },
  phraseScattered: { productName: `Silver ${MARKER} Edition`, category: "trimmers", minutes: 41 },
  percent: { productName: `${MARKER} 100% Cotton Cover`, category: "airpodes", minutes: 50 },
  underscore: { productName: `${MARKER} x_y Adapter`, category: "processor", minutes: 51 },
  // Non-ASCII capitals, for case-insensitive search beyond ASCII.
  umlaut: { productName: `${MARKER} ÖL Cooler`, category: "processor", minutes: 52 },
  // Newer look-alikes that a LIKE wildcard left unescaped would rank as whole-phrase matches.
  percentDecoy: { productName: `${MARKER} 1000 Series Cover`, category: "airpodes", minutes: 60 },
  underscoreDecoy: { productName: `${MARKER} x-y Adapter`, category: "processor", minutes: 61 },
  // Words that the search also knows by another name ('buds', 'phones') must still find themselves.
  buds: { productName: `${MARKER} Sport Buds Neckband`, category: "earphones", minutes: 70 },
} satisfies Record<string, Fixture>;

// More than a home row in one category, so the category-wise default bound is really reached.
const FILLER_COUNT = HOME_ROW_LIMIT + 5;

type Name = keyof typeof FIXTURES;
const ids = {} as Record<Name, string>;
const fillerIds: string[] = [];
const allIds = () => [...Object.values(ids), ...fillerIds];


beforeAll(async () => {
  await seed(process.env.DATABASE_URL!, { quiet: true });
  const rows: (Fixture & { key: string })[] = [
    ...Object.entries(FIXTURES).map(([key, fixture]) => ({ key, ...fixture })),
    ...Array.from({ length: FILLER_COUNT }, (_, i) => ({
      key: `filler-${i}`,
      productName: `${MARKER} Filler Television ${i}`,
      category: "television",
      minutes: 100 + i,
    })),
  ];
  // One statement: the whole fixture appears at once (and the vocabulary trigger runs once).
  const params: unknown[] = [];
  const values = rows.map((row) => {
    const base = params.length;
    params.push(
      row.productName,
      row.brandName ?? "Testbrand",
      row.category,
      row.productImage ?? [`/img/${MARKER}-${row.key}.svg`],
      `Test product ${row.key}`,
      row.price ?? 150_000,
      row.sellingPrice ?? 100_000,
      at(row.minutes),
    );
    const p = (i: number) => `$${base + i}`;
    return `(gen_random_uuid(), ${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}::text[], ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}::timestamptz, ${p(8)}::timestamptz)`;
  });
  const inserted = await query<{ id: string; productName: string }>(
    `INSERT INTO "Product" (id, "productName", "brandName", category, "productImage", "productDesc", price, "sellingPrice", "createdAt", "updatedAt")
     VALUES ${values.join(", ")} RETURNING id, "productName"`,
    params,
  );
  const byName = new Map(inserted.map((row) => [row.productName, row.id]));
  for (const [key, fixture] of Object.entries(FIXTURES)) ids[key as Name] = byName.get(fixture.productName)!;
  for (let i = 0; i < FILLER_COUNT; i++) fillerIds.push(byName.get(`${MARKER} Filler Television ${i}`)!);
  expect(allIds().every(Boolean)).toBe(true);
});

afterAll(async () => {
  await query(`DELETE FROM "Product" WHERE id = ANY($1::uuid[])`, [allIds()]);
});


// The spec's fields, and the ones the store added beside them (availability, archiving).
// The spec's fields, and beyond them (the answers may gain fields) the rating of issue 40.
const PRODUCT_KEYS = ["_id", "archived", "available", "brandName", "category", "createdAt", "held", "price", "productDesc", "productImage", "productName", "rating", "sellingPrice", "stock", "updatedAt"];

/** This file's products, in the order the answer gives them. */
const mine = (products: PublicProduct[]) => products.filter((p) => allIds().includes(p._id)).map((p) => p._id);

function expectNewestFirst(products: PublicProduct[]) {
  for (let i = 1; i < products.length; i++) {
    expect(Date.parse(products[i - 1]!.createdAt)).toBeGreaterThanOrEqual(Date.parse(products[i]!.createdAt));
  }
}

function expectSortedBySellingPrice(products: PublicProduct[], sort: "asc" | "desc") {
  for (let i = 1; i < products.length; i++) {
    const [a, b] = [products[i - 1]!.sellingPrice, products[i]!.sellingPrice];
    if (sort === "asc") expect(a).toBeLessThanOrEqual(b);
    else expect(a).toBeGreaterThanOrEqual(b);
  }
}

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

const categoryWise = async (category: string, query = "") =>
  answer(await getCategoryWise(getRequest(`/api/get-category-wise-product/${encodeURIComponent(category)}${query}`), { params: Promise.resolve({ category }) }));
const filter = async (body: unknown) => answer(await filterProducts(jsonRequest("/api/fiter-product", body), noContext));
const allProducts = async (query = "") => answer(await getProducts(getRequest(`/api/get-product${query}`), noContext));
const singleProduct = async (id: string) =>
  answer(await getSingleProduct(getRequest(`/api/get-single-product-details/${encodeURIComponent(id)}`), { params: Promise.resolve({ id }) }));
const search = async (q: string | null, more = "") =>
  answer(await searchProducts(getRequest(`/api/search-product${q === null ? "" : `?q=${encodeURIComponent(q)}`}${more}`), noContext));
const searchIds = async (q: string) => ((await search(q)).body.data as PublicProduct[]).map((p) => p._id);

describe("GET /api/get-category-product", () => {
  it("answers one item per category, in the category list's order, each the newest product of its category", async () => {
    const { status, body } = await answer(await getCategoryStrip(getRequest("/api/get-category-product"), noContext));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: false, message: expect.any(String) });
    // The seed fills every category, so every one is there, once, in lib/catalog/categories.ts order.
    expect(body.data.map((item: { category: string }) => item.category)).toEqual(CATEGORY_VALUES);
    for (const item of body.data) expect(Object.keys(item).sort()).toEqual(["_id", "category", "productImage"]);

    const byCategory = new Map(body.data.map((item: { category: string }) => [item.category, item]));
    // Image addresses in API answers are absolute (the store's own are site-relative in the database).
    expect(byCategory.get("printers")).toEqual({ _id: ids.newest, category: "printers", productImage: FIXTURES.newest.productImage.map(absoluteUrl) });
    expect(byCategory.get("mouse")).toMatchObject({ _id: ids.mousePriciest });
    expect(byCategory.get("television")).toMatchObject({ _id: fillerIds[FILLER_COUNT - 1] });
  });
});

describe("GET /api/get-category-wise-product/{category}", () => {
  it("answers under `product`, newest first, only that category, the whole category (up to API_LIST_MAX) with `total` by default", async () => {
    const { status, body } = await categoryWise("television");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: false });
    expect(body.data).toBeUndefined();
    const products: PublicProduct[] = body.product;
    expect(body.total).toBeGreaterThanOrEqual(FILLER_COUNT);
    expect(products).toHaveLength(Math.min(body.total, API_LIST_MAX));
    expect(products.every((p) => p.category === "television")).toBe(true);
    expectNewestFirst(products);
    expect(products.slice(0, FILLER_COUNT).map((p) => p._id)).toEqual([...fillerIds].reverse());
    const row = await categoryWise("television", `?limit=${HOME_ROW_LIMIT}`);
    expect(row.body.product.map((p: PublicProduct) => p._id)).toEqual([...fillerIds].reverse().slice(0, HOME_ROW_LIMIT));
  });

  it("honours ?limit=", async () => {
    const { status, body } = await categoryWise("mouse", "?limit=2");
    expect(status).toBe(200);
    expect(body.product.map((p: PublicProduct) => p._id)).toEqual([ids.mousePriciest, ids.mouseCheap]);

    const all = await categoryWise("television", "?limit=100");
    expect(all.body.product.length).toBeGreaterThanOrEqual(FILLER_COUNT);
    expect(all.body.product.length).toBeLessThanOrEqual(100);
    expectNewestFirst(all.body.product);
  });

  it("answers 200 with an empty list for an unknown category", async () => {
    for (const category of ["nonsense", "Mouse", "mouse' OR '1'='1"]) {
      const { status, body } = await categoryWise(category);
      expect(status, category).toBe(200);
      expect(body, category).toMatchObject({ success: true, error: false, product: [] });
    }
  });

  it("answers 400 for a limit that is not a whole number from 1 to 100", async () => {
    for (const limit of ["0", "101", "x", "-1", "1.5", ""]) {
      const { status, body } = await categoryWise("mouse", `?limit=${limit}`);
      expect(status, `limit=${limit}`).toBe(400);
      expect(body, `limit=${limit}`).toEqual({ success: false, error: true, message: expect.stringMatching(/limit/) });
    }
  });
});

describe("POST /api/fiter-product", () => {
  it("answers only the listed categories, sorted by selling price ascending, with the total", async () => {
    const { status, body } = await filter({ category: ["mouse", "camera"], sort: "asc", limit: 100 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: false });
    const products: PublicProduct[] = body.data;
    expect(products.length).toBeGreaterThan(3);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(["mouse", "camera"]));
    expectSortedBySellingPrice(products, "asc");
    expect(products.slice(0, 3).map((p) => p._id)).toEqual([ids.mouseCheapest, ids.mouseCheap, ids.cameraCheap]);
    expect(body.total).toBeGreaterThanOrEqual(products.length);
  });

  it("sorts descending by selling price", async () => {
    const { body } = await filter({ category: ["mouse"], sort: "desc" });
    const products: PublicProduct[] = body.data;
    expect(products[0]!._id).toBe(ids.mousePriciest);
    expect(products[0]!.sellingPrice).toBe(20_000_000);
    expect(products.every((p) => p.category === "mouse")).toBe(true);
    expectSortedBySellingPrice(products, "desc");
  });

  it("is newest first without a sort", async () => {
    const { body } = await filter({ category: ["mouse"] });
    expectNewestFirst(body.data);
    expect(mine(body.data)).toEqual([ids.mousePriciest, ids.mouseCheap, ids.mouseCheapest]);
  });

  it("pages without overlap and counts every match in total", async () => {
    const first = await filter({ category: ["mouse"], sort: "asc", page: 1, limit: 1 });
    const second = await filter({ category: ["mouse"], sort: "asc", page: 2, limit: 1 });
    expect(first.body.data.map((p: PublicProduct) => p._id)).toEqual([ids.mouseCheapest]);
    expect(second.body.data.map((p: PublicProduct) => p._id)).toEqual([ids.mouseCheap]);
    expect(first.body.total).toBeGreaterThanOrEqual(3);
    const beyond = await filter({ category: ["mouse"], page: 100, limit: 100 });
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    // Deeper than page × limit = 10 000 is refused: OFFSET walks every skipped row.
    const deep = await filter({ category: ["mouse"], page: 101, limit: 100 });
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe("page × limit may be at most 10000; narrow the selection instead");
  });

  it("ignores unknown names among known ones and takes a single string as a list of one", async () => {
    const mixed = await filter({ category: ["mouse", "nonsense"], sort: "asc", limit: 5 });
    expect(mixed.body.data.every((p: PublicProduct) => p.category === "mouse")).toBe(true);
    expect(mixed.body.data[0]._id).toBe(ids.mouseCheapest);
    const single = await filter({ category: "mouse", sort: "asc", limit: 5 });
    expect(single.body.data.map((p: PublicProduct) => p._id)).toEqual(mixed.body.data.map((p: PublicProduct) => p._id));
  });

  it("answers an empty list for an empty selection or one of unknown names only", async () => {
    for (const category of [[], ["nonsense"], ["MOUSE", "tv"]]) {
      const { status, body } = await filter({ category });
      expect(status, JSON.stringify(category)).toBe(200);
      expect(body, JSON.stringify(category)).toMatchObject({ success: true, error: false, data: [] });
    }
  });

  it("answers 400 for a bad selection or a body that is not a JSON object", async () => {
    const cases: [string, unknown][] = [
      ["a number as category", { category: 5 }],
      ["a list holding a number", { category: ["mouse", 1] }],
      ["an object as category", { category: { mouse: true } }],
      ["no category at all", {}],
      ["an unknown sort", { category: ["mouse"], sort: "cheapest" }],
      ["a limit over 100", { category: ["mouse"], limit: 101 }],
      ["a page of 0", { category: ["mouse"], page: 0 }],
      ["a JSON list as the body", [["mouse"]]],
      ["a body that is not JSON", "{category: [mouse]"],
    ];
    for (const [label, body] of cases) {
      const response = await filter(body);
      expect(response.status, label).toBe(400);
      expect(response.body, label).toMatchObject({ success: false, error: true, message: expect.any(String) });
      expect(Object.keys(response.body as object).filter((key) => !["success", "error", "message", "errors"].includes(key)), label).toEqual([]);
    }
  });
});

describe("GET /api/get-product", () => {
  it("answers the newest first, this file's future-dated products leading", async () => {
    const { status, body } = await allProducts("?limit=5");
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: false });
    const products: PublicProduct[] = body.data;
    expect(products.map((p) => p._id)).toEqual([ids.newest, ...[...fillerIds].reverse().slice(0, 4)]);
    expectNewestFirst(products);
  });

  it("pages without overlap, in one continuous newest-first order", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => allProducts(`?page=${page}&limit=7`)));
    const products: PublicProduct[] = pages.flatMap((page) => page.body.data);
    expect(products).toHaveLength(21);
    expect(new Set(products.map((p) => p._id)).size).toBe(21);
    expectNewestFirst(products);
    // The three pages lie inside this file's products, which are the newest: exactly the first 21 of them.
    const expected = (await query<{ id: string }>(`SELECT id FROM "Product" WHERE id = ANY($1::uuid[]) ORDER BY "createdAt" DESC, id DESC LIMIT 21`, [allIds()])).map((r) => r.id);
    expect(products.map((p) => p._id)).toEqual(expected);
  });

  it("answers the whole list (up to API_LIST_MAX) with `total` without paging, 50 a page with it, and an empty page beyond the end", async () => {
    const { body } = await allProducts();
    expect(body.total).toBeGreaterThan(50); // the seed alone holds more than 50 products
    expect(body.data).toHaveLength(Math.min(body.total, API_LIST_MAX));
    expectNewestFirst(body.data);
    expect((await allProducts("?page=1")).body.data).toHaveLength(50);
    const beyond = await allProducts("?page=100&limit=100");
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect((await allProducts("?page=201")).status).toBe(400); // 201 × 50 > 10 000
    expect((await allProducts("?page=200")).status).toBe(200);
  });

  it("answers 400 for a limit over 100 or a page or limit that is not a positive whole number", async () => {
    for (const query of ["?limit=101", "?limit=0", "?limit=abc", "?page=0", "?page=-2", "?page=1.5"]) {
      const { status, body } = await allProducts(query);
      expect(status, query).toBe(400);
      expect(body, query).toEqual({ success: false, error: true, message: expect.any(String) });
    }
  });

  it("answers products in the public shape, prices in rupees", async () => {
    const { body } = await allProducts("?limit=100");
    for (const product of body.data as PublicProduct[]) expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
    const cheap = (body.data as PublicProduct[]).find((p) => p._id === ids.mouseCheapest);
    expect(cheap).toMatchObject({ price: 5, sellingPrice: 0.01 });
  });
});

describe("GET /api/get-single-product-details/{id}", () => {
  it("answers the product under `product` with `_id` and prices in rupees", async () => {
    const { status, body } = await singleProduct(ids.rupees);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: false });
    expect(body.data).toBeUndefined();
    expect(body.product).toEqual({
      _id: ids.rupees,
      productName: FIXTURES.rupees.productName,
      brandName: "Samsung",
      category: "refrigerator",
      productImage: [absoluteUrl(`/img/${MARKER}-rupees.svg`)],
      productDesc: "Test product rupees",
      price: 129999,
      sellingPrice: 99999.5,
      createdAt: at(FIXTURES.rupees.minutes).toISOString(),
      updatedAt: at(FIXTURES.rupees.minutes).toISOString(),
      stock: 0,
      held: 0,
      available: 0,
      archived: false,
      // Beyond the spec: its reviews' average and count (issue 40; none here).
      rating: { average: 0, count: 0 },
      // Beyond the spec: the product's own tax and legal details (none given here).
      details: { hsnCode: null, gstRate: null, cessRate: null, countryOfOrigin: null, manufacturer: null, importer: null, warrantyMonths: null, consumerCare: null, gtin: null, mpn: null },
      // Beyond the spec: its specification values by key (none given here).
      specs: {},
    });
  });

  it("finds a product by its id in upper case too", async () => {
    const { status, body } = await singleProduct(ids.rupees.toUpperCase());
    expect(status).toBe(200);
    expect(body.product._id).toBe(ids.rupees);
  });

  it("answers 404 for an unknown uuid and for ids that are not uuids", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc", "1' OR 1=1", "", "00000000-0000-4000-8000-000000000000x"]) {
      const { status, body } = await singleProduct(id);
      expect(status, id).toBe(404);
      expect(body, id).toEqual({ success: false, error: true, message: expect.any(String) });
    }
  });
});

describe("GET /api/search-product", () => {
  it("matches the name case-insensitively and answers under `data`", async () => {
    const { status, body } = await search(MARKER.toUpperCase());
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, error: false });
    const found = mine(body.data);
    // Every product holds the marker, and the answer's bound is above this file's product count.
    expect(allIds().length).toBeLessThanOrEqual(API_LIST_MAX);
    expect(new Set(found)).toEqual(new Set(allIds()));
    for (const product of body.data as PublicProduct[]) expect(Object.keys(product).sort()).toEqual(PRODUCT_KEYS);
  });

  it("matches the brand", async () => {
    expect(await searchIds(capitalized(BRAND_WORD))).toEqual([ids.brand]);
  });

  it("matches the category", async () => {
    const found = await searchIds(`${MARKER} REFRIGERATOR`);
    expect(new Set(found)).toEqual(new Set([ids.categoryOnly, ids.rupees]));
  });

  it("requires every word of a multi-word query", async () => {
    expect(await searchIds(`alpha ${MARKER}`)).toEqual([ids.alpha]);
    expect(await searchIds(`${MARKER} beta widget`)).toEqual([ids.beta]);
    expect(await searchIds(`${MARKER} qxjwvkz`)).toEqual([]);
  });

  it("answers an empty list for a missing, empty or blank query", async () => {
    for (const q of [null, "", "   ", "\t\n"]) {
      const { status, body } = await search(q);
      expect(status, JSON.stringify(q)).toBe(200);
      expect(body, JSON.stringify(q)).toMatchObject({ success: true, error: false, data: [] });
    }
  });

  it("takes pattern characters literally: 200 and nothing, not everything", async () => {
    for (const q of ["%", "_", ".*", "%%", "[", "\\", "'", "(", "*", "?", "^$", "|"]) {
      const { status, body } = await search(q);
      expect(status, q).toBe(200);
      expect(body.data, q).toEqual([]);
    }
  });

  it("finds a name with brackets by the same text, and ranks it first", async () => {
    const found = await searchIds("(blue)");
    expect(found[0]).toBe(ids.blue);
    expect(await searchIds(`${MARKER} (BLUE)`)).toEqual([ids.blue]);
  });

  it("takes % and _ literally when ranking the whole phrase", async () => {
    expect((await searchIds("100%"))[0]).toBe(ids.percent);
    expect((await searchIds("x_y"))[0]).toBe(ids.underscore);
    expect(await searchIds(`${MARKER} 100%`)).toEqual([ids.percent, ids.percentDecoy]);
    expect((await searchIds(`${MARKER} x_y`)).slice(0, 2)).toEqual([ids.underscore, ids.underscoreDecoy]);
  });

  it("forgives 'samsng' and 'heaphones'", async () => {
    expect(new Set(await searchIds(`samsng ${MARKER}`))).toEqual(new Set([ids.samsung, ids.rupees]));
    expect(await searchIds(`${MARKER} heaphones`)).toEqual([ids.headphones]);

    const samsung = (await search("samsng")).body.data as PublicProduct[];
    expect(samsung.length).toBeGreaterThan(0);
    expect(samsung[0]!.brandName).toBe("Samsung");
    const headphones = (await search("heaphones")).body.data as PublicProduct[];
    expect(headphones.length).toBeGreaterThan(0);
    expect(headphones[0]!.productName.toLowerCase()).toContain("headphones");
  });

  it("ranks exact matches before typo-corrected ones, even older ones", async () => {
    expect(await searchIds(`${WORD_TYPO} ${MARKER}`)).toEqual([ids.typoExact, ids.typoCorrected]);
  });

  it("ranks the whole phrase before its words apart, even older, whatever the letter case", async () => {
    expect(await searchIds(`${MARKER.toUpperCase()} Silver`)).toEqual([ids.phrase, ids.phraseScattered]);
  });

  // The database folds case with Unicode rules (builtin C.UTF-8 locale), as JavaScript does.
  it("matches non-ASCII capitals case-insensitively", async () => {
    expect(await searchIds(`${MARKER} öl`)).toEqual([ids.umlaut]);
  });

  // Postgres refuses NUL in text; the query drops control characters before it gets there.
  it("takes words that name Object's own properties as plain words", async () => {
    for (const q of ["constructor", "__proto__", "toString hasOwnProperty"]) {
      const { status, body } = await search(q);
      expect(status, q).toBe(200);
      expect(Array.isArray(body.data), q).toBe(true);
    }
  });

  it("answers 200 for a query holding a NUL character", async () => {
    const silence = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const { status } = await search(`${MARKER}\u0000`);
      expect(status).toBe(200);
    } finally {
      silence.mockRestore();
    }
  });

  // A synonym ('buds' -> 'airpodes') is an extra alternative, never a replacement: the product
  // whose own name holds the word is found, and first (it matches the whole phrase).
  it("finds a name holding a word that also has a synonym", async () => {
    const found = await searchIds(`${MARKER} buds`);
    expect(found[0]).toBe(ids.buds);
  });

  it("is bounded, counts its matches in `total`, and pages with page/limit", async () => {
    const { body } = await search("a");
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(API_LIST_MAX);
    expect(body.total).toBe(body.data.length);
    const second = await search("a", "&page=2&limit=3");
    expect(second.body.data.map((p: PublicProduct) => p._id)).toEqual(body.data.slice(3, 6).map((p: PublicProduct) => p._id));
    expect(second.body.total).toBe(body.total);
    expect((await search("a", "&limit=101")).status).toBe(400);
  });
});
