import "server-only";
import { db } from "../platform/db";
import { cacheCatalogRead, CATALOG_TAGS } from "./cache";
import { CATEGORY_VALUES, isCategory, type Category } from "@/lib/catalog/categories";
import type { CategorySort } from "@/lib/catalog/category-filter";
import {
  API_LIST_MAX,
  CATEGORY_PAGE_SIZE,
  HOME_ROW_LIMIT,
  RELATED_PRODUCTS_LIMIT,
  SEARCH_RESULTS_LIMIT,
} from "@/lib/constants";
import { paiseToRupees } from "@/lib/shared/money";
import { normalizeSearchQuery } from "@/lib/catalog/search-query";
import { Prisma, type Product } from "@/lib/generated/prisma/client";
import { MPN_PATTERN, type SpecValues } from "@/lib/catalog/specs";
import { isRowId } from "@/lib/shared/row-id";
import { ratingAverage } from "@/lib/reviews/reviews";

// The catalogue, read-only. Every read is bounded (a limit or a page), and the cacheable ones are
// `"use cache"` functions tagged by what they read, so admin writes can invalidate them by name.

/** A product as the API shows it (docs/PRODUCT.md §3.2): `_id`, prices in rupees. */
export type PublicProduct = {
  _id: string;
  productName: string;
  brandName: string;
  category: string;
  productImage: string[];
  productDesc: string;
  price: number;
  sellingPrice: number;
  createdAt: string;
  updatedAt: string;
  /** Units on hand (not yet sold). */
  stock: number;
  /** Units held by open checkouts. */
  held: number;
  /** What a shopper can buy now: stock − held (0: out of stock). */
  available: number;
  /** Retired by an admin: shoppers never see it listed, and cannot buy it. */
  archived: boolean;
  /** Beyond the spec (issue 40): its published reviews' average (one decimal, 0 without any) and count. */
  rating: { average: number; count: number };
  /** Beyond the spec, in single-product and admin answers only (lists stay lean): its tax and legal details. */
  details?: ProductDetails;
  /** Beyond the spec, in the same answers: its specification values by key (lib/catalog/specs.ts). */
  specs?: SpecValues;
};

/**
 * What the law asks a product page to show (Legal Metrology rule 6(10), E-Commerce Rules 2020) and
 * the product's own tax: null where the product names none (the category's HSN code and rate
 * apply; the seller's customer care is the contact).
 */
export type ProductDetails = {
  hsnCode: string | null;
  /** Percent (18 for 18 %). */
  gstRate: number | null;
  cessRate: number | null;
  countryOfOrigin: string | null;
  manufacturer: string | null;
  importer: string | null;
  warrantyMonths: number | null;
  consumerCare: string | null;
  /** EAN-13 and the manufacturer's part number. */
  gtin: string | null;
  mpn: string | null;
};

export function productDetailsOf(product: Product): ProductDetails {
  return {
    hsnCode: product.hsnCode,
    gstRate: product.gstRateBp === null ? null : product.gstRateBp / 100,
    cessRate: product.cessRateBp === null ? null : product.cessRateBp / 100,
    countryOfOrigin: product.countryOfOrigin,
    manufacturer: product.manufacturer,
    importer: product.importer,
    warrantyMonths: product.warrantyMonths,
    consumerCare: product.consumerCare,
    gtin: product.gtin,
    mpn: product.mpn,
  };
}

/** docs/PRODUCT.md §3.4: one category strip item per category that has products. */
export type CategoryStripItem = { _id: string; category: Category; productImage: string[] };

export type ProductPage = { products: PublicProduct[]; total: number; page: number; pageSize: number };

/** A product with its tax and legal details (single-product and admin answers). */
export function toDetailedProduct(product: Product): PublicProduct {
  return { ...toPublicProduct(product), details: productDetailsOf(product), specs: (product.specs ?? {}) as SpecValues };
}

export function toPublicProduct(product: Product): PublicProduct {
  return {
    _id: product.id,
    productName: product.productName,
    brandName: product.brandName,
    category: product.category,
    productImage: product.productImage,
    productDesc: product.productDesc,
    price: paiseToRupees(product.price),
    sellingPrice: paiseToRupees(product.sellingPrice),
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
    stock: product.stock,
    held: product.held,
    available: Math.max(0, product.stock - product.held),
    archived: product.archivedAt !== null,
    rating: { average: ratingAverage(product.ratingAvg), count: product.ratingCount },
  };
}

/** Row ids are UUIDs; anything else cannot name a row (and must not reach Postgres). */
export { isRowId };

/** Shoppers see only products on sale: every shopper-facing read filters with this. */
const ON_SALE = { archivedAt: null } satisfies Prisma.ProductWhereInput;

const NEWEST_FIRST: Prisma.ProductOrderByWithRelationInput[] = [{ createdAt: "desc" }, { id: "desc" }];

function clampLimit(limit: number, max = API_LIST_MAX): number {
  return Math.min(Math.max(1, Math.trunc(limit) || 1), max);
}

function clampPage(page: number): number {
  return Math.max(1, Math.trunc(page) || 1);
}

/** The newest product of each category, in the spec's category order: 12 index lookups. */
export async function listCategoryStrip(): Promise<CategoryStripItem[]> {
  "use cache";
  cacheCatalogRead();
  const rows = await db.$queryRaw<{ id: string; category: Category; productImage: string[] }[]>`
    SELECT p.id, p.category, p."productImage"
    FROM unnest(${CATEGORY_VALUES}::text[]) WITH ORDINALITY AS c(value, position)
    CROSS JOIN LATERAL (
      SELECT id, category, "productImage" FROM "Product"
      WHERE category = c.value AND "archivedAt" IS NULL
      ORDER BY "createdAt" DESC, id DESC
      LIMIT 1
    ) AS p
    ORDER BY c.position`;
  return rows.map((row) => ({ _id: row.id, category: row.category, productImage: row.productImage }));
}

/** Newest first within one category; an unknown category is simply empty. */
export async function listProductsByCategory(category: string, limit = HOME_ROW_LIMIT): Promise<PublicProduct[]> {
  "use cache";
  cacheCatalogRead(CATALOG_TAGS.category(category));
  if (!isCategory(category)) return [];
  const rows = await db.product.findMany({ where: { category, ...ON_SALE }, orderBy: NEWEST_FIRST, take: clampLimit(limit) });
  return rows.map(toPublicProduct);
}

/** All products, newest first, one page at a time. */
export async function listProducts(page = 1, limit = CATEGORY_PAGE_SIZE): Promise<PublicProduct[]> {
  "use cache";
  cacheCatalogRead();
  const take = clampLimit(limit);
  const rows = await db.product.findMany({ where: ON_SALE, orderBy: NEWEST_FIRST, take, skip: (clampPage(page) - 1) * take });
  return rows.map(toPublicProduct);
}

/**
 * The category page's grid: products in any of `categories` (all products when none is given),
 * sorted by selling price or else newest first, one page at a time, with the total count.
 * Unknown category names are ignored; if every name is unknown the answer is empty.
 */
export async function filterProducts(options: {
  categories: readonly string[];
  sort?: CategorySort | null;
  page?: number;
  pageSize?: number;
}): Promise<ProductPage> {
  "use cache";
  const known = [...new Set(options.categories.filter(isCategory))].sort();
  cacheCatalogRead(...known.map(CATALOG_TAGS.category));
  const page = clampPage(options.page ?? 1);
  const pageSize = clampLimit(options.pageSize ?? CATEGORY_PAGE_SIZE);
  if (options.categories.length > 0 && known.length === 0) return { products: [], total: 0, page, pageSize };

  const order = Prisma.raw(
    options.sort === "asc" ? `"sellingPrice" ASC, id ASC` : options.sort === "desc" ? `"sellingPrice" DESC, id DESC` : `"createdAt" DESC, id DESC`,
  );
  const offset = (page - 1) * pageSize;
  const everyCategory = known.length === 0 || known.length === CATEGORY_VALUES.length;
  // The page's ids first, from an index alone (each order's index ends in "archivedAt", so the
  // on-sale test reads no table rows: page 400 costs a few ms, not a read of 10 000 rows); then
  // only those rows. Several categories: each one's own index, merged.
  const idsQuery = everyCategory
    ? db.$queryRaw<{ id: string }[]>`SELECT id FROM "Product" WHERE "archivedAt" IS NULL ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`
    : known.length === 1
      ? db.$queryRaw<{ id: string }[]>`SELECT id FROM "Product" WHERE category = ${known[0]} AND "archivedAt" IS NULL ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`
      : db.$queryRaw<{ id: string }[]>`
          SELECT id FROM unnest(${known}::text[]) AS c(category)
          CROSS JOIN LATERAL (
            SELECT id, "createdAt", "sellingPrice" FROM "Product"
            WHERE category = c.category AND "archivedAt" IS NULL
            ORDER BY ${order} LIMIT ${offset + pageSize}
          ) AS p
          ORDER BY ${order} LIMIT ${pageSize} OFFSET ${offset}`;
  const [ids, total] = await Promise.all([idsQuery, countCatalog({ categories: known, state: "active" })]);
  return { products: await productsInOrder(ids.map((row) => row.id)), total, page, pageSize };
}

/** The products with these ids, in this order. */
export async function productsInOrder(ids: string[], withDetails = false): Promise<PublicProduct[]> {
  if (ids.length === 0) return [];
  // Raw: one plain statement, without the query builder's work per call (a list page asks this on every request).
  const rows = new Map((await db.$queryRaw<Product[]>`SELECT * FROM "Product" WHERE id = ANY(${ids}::uuid[])`).map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [withDetails ? toDetailedProduct(row) : toPublicProduct(row)] : [];
  });
}

/**
 * How many products there are in `categories` (every category when empty), on sale, archived or
 * both: exact, from the counts the database keeps per category and state (the ProductCount table,
 * kept by triggers in the same transaction as every insert, archive or change of category), so a
 * total over a million products is a sum of a few dozen rows instead of a count of every one.
 */
export async function countCatalog(options: { categories?: readonly string[]; state?: "all" | "active" | "archived" } = {}): Promise<number> {
  const categories = options.categories ?? [];
  const state = options.state ?? "all";
  const rows = await db.$queryRaw<{ n: bigint | null }[]>`
    SELECT sum(n) AS n FROM "ProductCount"
    WHERE ${categories.length ? Prisma.sql`category = ANY(${[...categories]}::text[])` : Prisma.sql`TRUE`}
      AND ${state === "all" ? Prisma.sql`TRUE` : Prisma.sql`archived = ${state === "archived"}`}`;
  return Number(rows[0]?.n ?? 0);
}

/**
 * One product by id, or null for an unknown or malformed id. An archived product is returned
 * (`archived: true`): its page answers 404 with a way back to its category.
 */
export async function getProduct(id: string): Promise<PublicProduct | null> {
  "use cache";
  cacheCatalogRead(CATALOG_TAGS.product(id));
  if (!isRowId(id)) return null;
  const row = await db.product.findUnique({ where: { id } });
  return row ? toDetailedProduct(row) : null;
}

/** Same category, newest first, without the product itself. */
export async function listRelatedProducts(product: Pick<PublicProduct, "_id" | "category">, limit = RELATED_PRODUCTS_LIMIT): Promise<PublicProduct[]> {
  "use cache";
  cacheCatalogRead(CATALOG_TAGS.category(product.category));
  const rows = await db.product.findMany({
    where: { category: product.category, id: { not: product._id }, ...ON_SALE },
    orderBy: NEWEST_FIRST,
    take: clampLimit(limit),
  });
  return rows.map(toPublicProduct);
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Shoppers' words for what the catalogue calls otherwise.
const SYNONYMS: Record<string, string> = { tv: "television", tvs: "television", phone: "mobile", phones: "mobile", fridge: "refrigerator", cpu: "processor", earbuds: "airpodes", buds: "airpodes" };

/** The words of a query as the search index splits product text: letters and digits. */
function searchWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))];
}

/** A word and, when shoppers have another word for it, that one too. */
function withSynonym(word: string): string[] {
  const synonym = Object.hasOwn(SYNONYMS, word) ? SYNONYMS[word] : undefined; // not "constructor" from the prototype
  return synonym ? [word, synonym] : [word];
}

// Words this short have no trigram, so no index can find them: they narrow the matches of
// longer words, and a query made only of them looks at this many newest products.
const SHORT_WORD = 3;
const SHORT_QUERY_WINDOW = 20_000;

// A corrected word must share this much of its trigrams with a vocabulary term (pg_trgm's
// similarity): 'samsng' ~ 'samsung' is 0.5, 'heaphones' ~ 'headphones' 0.62, 'mobils' ~ 'mobiles' 0.5.
const CORRECTION_MIN_SIMILARITY = 0.4;
const CORRECTIONS_PER_WORD = 3;
// Matches are gathered newest first up to this many, then ranked; keeps broad words bounded.
const RANKING_WINDOW = 200;

/**
 * Search by brand, name and category (the trigger-kept `searchText`), case-insensitively, with
 * the shopper's text taken literally (no pattern or regex syntax). Every word of the query must
 * occur. When that finds too little, each word is also allowed its closest vocabulary terms
 * (pg_trgm similarity over `SearchTerm`), which forgives typos ('samsng', 'heaphones').
 * Ranking: exact-word matches before corrected ones; within each, the whole phrase first, then
 * trigram word similarity to the query, then newest. The API answers uncached; the search page reads it through searchProductsCached.
 */
export async function searchProducts(rawQuery: string, limit = SEARCH_RESULTS_LIMIT, category?: Category, includeArchived = false): Promise<PublicProduct[]> {
  const query = normalizeSearchQuery(rawQuery).toLowerCase();
  const words = searchWords(query);
  if (words.length === 0) return [];
  const take = clampLimit(limit);

  // A barcode or model number typed whole finds its product first.
  const coded = await codeMatches(rawQuery, category, includeArchived);
  const literal = words.map(withSynonym);
  const exact = withFirst(coded, await rankedMatches(query, literal, take, category, includeArchived)).slice(0, take);
  if (exact.length >= take) return exact.map(toPublicProduct);

  const corrections = await correctWords(words);
  if (corrections.size === 0) return exact.map(toPublicProduct);
  const alternatives = words.map((word, index) => [...literal[index]!, ...(corrections.get(word) ?? [])]);
  const seen = new Set(exact.map((row) => row.id));
  const corrected = (await rankedMatches(query, alternatives, take, category, includeArchived)).filter((row) => !seen.has(row.id));
  return [...exact, ...corrected].slice(0, take).map(toPublicProduct);
}

/**
 * searchProducts for the search page, cached per query like the catalogue reads (the page itself
 * is cached per query, and Next's caches that hold both are bounded LRUs; see docs/ARCHITECTURE.md).
 */
export async function searchProductsCached(query: string): Promise<PublicProduct[]> {
  "use cache";
  cacheCatalogRead();
  return searchProducts(query);
}

/** `first`, then the rest without them. */
function withFirst(first: Product[], rest: Product[]): Product[] {
  const seen = new Set(first.map((row) => row.id));
  return [...first, ...rest.filter((row) => !seen.has(row.id))];
}

/** Products whose EAN is the query (13 digits), or whose model number it is (any case); by index, a few at most. */
async function codeMatches(rawQuery: string, category?: Category, includeArchived = false): Promise<Product[]> {
  const code = rawQuery.trim();
  const isCode = /^\d{13}$/.test(code) ? "gtin" : MPN_PATTERN.test(code) && /\d/.test(code) ? "mpn" : null;
  if (!isCode) return [];
  return db.$queryRaw<Product[]>`
    SELECT * FROM "Product"
    WHERE ${isCode === "gtin" ? Prisma.sql`"gtin" = ${code}` : Prisma.sql`lower("mpn") = ${code.toLowerCase()}`}
      ${category ? Prisma.sql`AND category = ${category}` : Prisma.empty} ${includeArchived ? Prisma.empty : Prisma.sql`AND "archivedAt" IS NULL`}
    ORDER BY "createdAt" DESC, id DESC LIMIT 10`;
}

/** Products whose searchText holds, for every word, one of its alternatives; ranked, bounded. */
async function rankedMatches(query: string, alternatives: string[][], take: number, category?: Category, includeArchived = false): Promise<Product[]> {
  const everyWord = Prisma.join(
    [
      ...alternatives.map((options) => Prisma.sql`(${Prisma.join(options.map((option) => Prisma.sql`"searchText" LIKE ${containsPattern(option)}`), " OR ")})`),
      ...(category ? [Prisma.sql`category = ${category}`] : []),
      ...(includeArchived ? [] : [Prisma.sql`"archivedAt" IS NULL`]),
    ],
    " AND ",
  );
  const indexable = alternatives.some((options) => options.every((option) => option.length >= SHORT_WORD));
  const source = indexable
    ? Prisma.sql`"Product"`
    : Prisma.sql`(SELECT * FROM "Product" ORDER BY "createdAt" DESC, id DESC LIMIT ${SHORT_QUERY_WINDOW}) AS recent`;
  return db.$queryRaw<Product[]>`
    SELECT * FROM (
      SELECT * FROM ${source} WHERE ${everyWord}
      ORDER BY "createdAt" DESC, id DESC
      LIMIT ${Math.max(RANKING_WINDOW, take)}
    ) AS hit
    ORDER BY ("searchText" LIKE ${containsPattern(query)}) DESC, word_similarity(${query}, "searchText") DESC, "createdAt" DESC, id DESC
    LIMIT ${take}`;
}

/** For each word of three or more characters, its closest vocabulary terms (a GiST KNN lookup). */
async function correctWords(words: string[]): Promise<Map<string, string[]>> {
  const candidates = words.filter((word) => word.length >= 3);
  if (candidates.length === 0) return new Map();
  const rows = await db.$queryRaw<{ word: string; term: string }[]>`
    SELECT w.word, t.term
    FROM unnest(${candidates}::text[]) AS w(word)
    CROSS JOIN LATERAL (
      SELECT term FROM "SearchTerm" ORDER BY term <-> w.word LIMIT ${CORRECTIONS_PER_WORD}
    ) AS t
    WHERE t.term <> w.word AND similarity(w.word, t.term) >= ${CORRECTION_MIN_SIMILARITY}`;
  const corrections = new Map<string, string[]>();
  for (const row of rows) corrections.set(row.word, [...(corrections.get(row.word) ?? []), row.term]);
  return corrections;
}

/** How many products are on sale; for the sitemap's split into files. */
export async function countProducts(): Promise<number> {
  "use cache";
  cacheCatalogRead();
  return countCatalog({ state: "active" });
}

/** A sitemap file's first product: found by walking the index alone ("archivedAt", "createdAt", id: no table rows read). */
async function sitemapFileStart(offset: number): Promise<{ createdAt: Date; id: string } | undefined> {
  const [first] = await db.$queryRaw<{ createdAt: Date; id: string }[]>`
    SELECT "createdAt", id FROM "Product" WHERE "archivedAt" IS NULL
    ORDER BY "archivedAt", "createdAt" DESC, id DESC
    OFFSET ${Math.max(0, Math.trunc(offset))} LIMIT 1`;
  return first;
}

/** A sitemap file's products from its first one on, by key, newest first (a subquery named `file`). */
function sitemapFileRows(first: { createdAt: Date; id: string }, limit: number): Prisma.Sql {
  return Prisma.sql`(
    SELECT id, "createdAt", "updatedAt" FROM "Product"
    WHERE "archivedAt" IS NULL AND ("createdAt", id) <= (${first.createdAt}, ${first.id}::uuid)
    ORDER BY "createdAt" DESC, id DESC
    LIMIT ${Math.trunc(limit)}
  ) AS file`;
}

/**
 * Ids and last changes for the sitemap, newest first, one file's worth at a time: the file's
 * first product from the index alone (about 0.13 ms per 1 000 skipped), then its rows from
 * there on by key, never by OFFSET over the table (which reads every row it skips: 0.5 s for
 * the last file at a million). The sitemap itself is written by sitemapProductUrls from the same
 * rows; this is their plain form, which the tests read.
 */
export async function listProductsForSitemap(offset: number, limit: number): Promise<{ id: string; updatedAt: string }[]> {
  "use cache";
  cacheCatalogRead();
  const first = await sitemapFileStart(offset);
  if (!first || limit < 1) return [];
  const rows = await db.$queryRaw<{ id: string; updatedAt: Date }[]>`SELECT id, "updatedAt" FROM ${sitemapFileRows(first, limit)} ORDER BY "createdAt" DESC, id DESC`;
  return rows.map((row) => ({ id: row.id, updatedAt: row.updatedAt.toISOString() }));
}

/**
 * The same file as sitemap XML, `<url>` lines made by the database in one text: 45 000 addresses
 * are one string to cache and send, not 45 000 objects to map, cache and join (a second at a
 * million). `productUrlPrefix`: the products' absolute address up to the id, already XML-escaped.
 */
export async function sitemapProductUrls(offset: number, limit: number, productUrlPrefix: string): Promise<{ count: number; xml: string }> {
  "use cache";
  cacheCatalogRead();
  const first = await sitemapFileStart(offset);
  if (!first || limit < 1) return { count: 0, xml: "" };
  const [row] = await db.$queryRaw<{ count: bigint; xml: string | null }[]>`
    SELECT count(*) AS count,
           string_agg('<url><loc>' || ${productUrlPrefix} || id::text || '</loc><lastmod>'
                      || to_char("updatedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '</lastmod></url>', E'\n' ORDER BY "createdAt" DESC, id DESC) AS xml
    FROM ${sitemapFileRows(first, limit)}`;
  return { count: Number(row?.count ?? 0), xml: row?.xml ?? "" };
}
