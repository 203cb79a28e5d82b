import "server-only";
import type { Category } from "@/lib/catalog/categories";
import { CATEGORY_VALUES } from "@/lib/catalog/categories";
import { bucketLabel, bucketOf, type SpecDefinition, type SpecValues } from "@/lib/catalog/specs";
import { RATING_FILTERS, ratingFilterLabel, ratingFloor, type FacetCounts, type FacetOption, type FacetSelection, type FacetSort, type SpecFacet } from "@/lib/catalog/facets";
import { db } from "../platform/db";
import { log } from "../platform/log";
import { listSpecDefinitions } from "./specs";

// The filters' index (docs/ARCHITECTURE.md, "Filters at a million products"): per category, in
// this instance's memory, one slot per product on sale with what the filters read, in columns of
// typed arrays (brand and each specification as a small code, a several-choices specification as
// a bit mask, price, in stock, newest, units sold). Counting every facet for any selection is one
// pass over a category's slots (about 83,000 at a million products: milliseconds), with the usual
// disjunctive rule: an option's count is what the shopper would see after ticking it, the other
// facets' selections applied and its own facet's not.
//
// PostgreSQL stays the only store: a category is read whole when first asked for, and before each
// answer the index reads what changed since it last looked, from FacetChange (kept by triggers:
// every product write that changes a filter, and stock going in or out, notes the writing
// transaction's id). It remembers the oldest transaction still running when it looked (the
// snapshot's xmin) and reads from there next time, so a change committed late is never missed.
// Definitions are compared by a stamp (count and last change per category) at the same moment.

const NONE = 0;
/** Rows read at a time when a category is read whole. */
const LOAD_BATCH = 5_000;
/** A category read whole again after this long (units sold move the popularity order, which notes no change). */
const RELOAD_AFTER_MS = 15 * 60_000;
/** FacetChange rows older than this are deleted (pruneFacetChanges)... */
const CHANGES_KEPT_MS = 24 * 3600_000;
/** ...so an index not refreshed for this long is read whole again before it answers. */
const STALE_AFTER_MS = CHANGES_KEPT_MS / 4;

type Option = { value: string; label: string };
type Column =
  | { kind: "code"; definition: SpecDefinition; options: Option[]; codes: Uint8Array }
  | { kind: "mask"; definition: SpecDefinition; options: Option[]; masks: Uint32Array };

type ProductRow = {
  id: string;
  category: string | null;
  brandName: string;
  sellingPrice: number;
  live: boolean;
  inStock: boolean;
  createdAt: Date;
  unitsSold: number;
  /** Its reviews' average in hundredths (0 without any) and their count (issue 40). */
  ratingAvg: number;
  ratingCount: number;
  specs: SpecValues;
};

/** The options a filterable definition offers, in order: a number's ranges, a list's choices, yes and no. */
function optionsOf(definition: SpecDefinition): Option[] {
  switch (definition.type) {
    case "number":
      return definition.buckets.map((edge, index) => ({ value: String(edge), label: bucketLabel(definition, index) }));
    case "boolean":
      return [
        { value: "yes", label: "Yes" },
        { value: "no", label: "No" },
      ];
    default:
      return definition.choices.map((choice) => ({ value: choice, label: choice }));
  }
}

/** A value's code in a code column (0: none), or its mask in a mask column. */
function codeOf(definition: SpecDefinition, value: unknown): number {
  if (value === undefined || value === null) return NONE;
  switch (definition.type) {
    case "number":
      return typeof value === "number" ? bucketOf(definition.buckets, value) + 1 : NONE;
    case "boolean":
      return value === true ? 1 : value === false ? 2 : NONE;
    case "choice":
      return typeof value === "string" ? definition.choices.indexOf(value) + 1 : NONE;
    case "multi": {
      if (!Array.isArray(value)) return 0;
      let mask = 0;
      for (const item of value) {
        const index = definition.choices.indexOf(item as string);
        if (index >= 0 && index < 32) mask |= 1 << index;
      }
      return mask >>> 0;
    }
    default:
      return NONE;
  }
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** A UUID's 16 bytes, or null for text that is not one. */
function uuidBytes(id: string): Uint8Array | null {
  const hex = id.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
  const bytes = new Uint8Array(16);
  for (let i = 0; i < 16; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

function uuidText(bytes: Uint8Array, at: number): string {
  let text = "";
  for (let i = 0; i < 16; i++) {
    if (i === 4 || i === 6 || i === 8 || i === 10) text += "-";
    text += HEX[bytes[at + i]!];
  }
  return text;
}

/** One category's slots. Grows by doubling; a product leaving (archived, deleted, moved) frees nothing but its `live` flag until the next reload. */
class CategoryIndex {
  size = 0;
  /** Each slot's product id as its 16 bytes (a string and a Map entry each would cost ten times that). */
  idBytes = new Uint8Array(0);
  /** Open-addressed table of slots by id (hashed on the id's last, random, bytes): -1 empty. */
  private table = new Int32Array(0);
  live = new Uint8Array(0);
  inStock = new Uint8Array(0);
  price = new Int32Array(0);
  brand = new Uint16Array(0);
  created = new Float64Array(0);
  sold = new Int32Array(0);
  /** The reviews' average in hundredths, and how many: the rating sort and filter. */
  rating = new Int16Array(0);
  reviews = new Int32Array(0);
  brands: string[] = [];
  brandCode = new Map<string, number>();
  columns: Column[];
  /** When its changes were last read (at load, then each refresh). */
  refreshedAt = Date.now();
  /** How long after its load it is read whole again in the background: RELOAD_AFTER_MS, give or take a fifth. */
  readonly reloadAfter = RELOAD_AFTER_MS * (0.8 + Math.random() * 0.4);
  /** Sorted slot orders, made when first asked for after a change. */
  private orders = new Map<FacetSort, Uint32Array>();

  constructor(
    readonly category: Category,
    readonly definitions: SpecDefinition[],
    readonly stamp: string,
    readonly loadedAt: number,
    /** FacetChange rows from this transaction id on are read at this index's next refresh. */
    public watermark: bigint,
    capacity: number,
  ) {
    this.columns = definitions.map((definition) =>
      definition.type === "multi" ? { kind: "mask", definition, options: optionsOf(definition), masks: new Uint32Array(0) } : { kind: "code", definition, options: optionsOf(definition), codes: new Uint8Array(0) },
    );
    this.grow(Math.max(16, capacity));
  }

  private grow(capacity: number) {
    const copy = <T extends Uint8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float64Array>(from: T, make: (n: number) => T): T => {
      const to = make(capacity);
      to.set(from.subarray(0, this.size));
      return to;
    };
    const bytes = new Uint8Array(capacity * 16);
    bytes.set(this.idBytes.subarray(0, this.size * 16));
    this.idBytes = bytes;
    this.table = new Int32Array(2 ** Math.ceil(Math.log2(capacity * 2))).fill(-1);
    for (let slot = 0; slot < this.size; slot++) this.place(slot);
    this.live = copy(this.live, (n) => new Uint8Array(n));
    this.inStock = copy(this.inStock, (n) => new Uint8Array(n));
    this.price = copy(this.price, (n) => new Int32Array(n));
    this.brand = copy(this.brand, (n) => new Uint16Array(n));
    this.created = copy(this.created, (n) => new Float64Array(n));
    this.sold = copy(this.sold, (n) => new Int32Array(n));
    this.rating = copy(this.rating, (n) => new Int16Array(n));
    this.reviews = copy(this.reviews, (n) => new Int32Array(n));
    for (const column of this.columns) {
      if (column.kind === "mask") column.masks = copy(column.masks, (n) => new Uint32Array(n));
      else column.codes = copy(column.codes, (n) => new Uint8Array(n));
    }
  }

  private brandOf(name: string): number {
    let code = this.brandCode.get(name);
    if (code === undefined) {
      code = this.brands.length;
      this.brands.push(name);
      this.brandCode.set(name, code);
    }
    return code;
  }

  private hash(bytes: Uint8Array, at: number): number {
    return ((bytes[at + 12]! << 24) | (bytes[at + 13]! << 16) | (bytes[at + 14]! << 8) | bytes[at + 15]!) & (this.table.length - 1);
  }

  private place(slot: number) {
    let h = this.hash(this.idBytes, slot * 16);
    while (this.table[h] !== -1) h = (h + 1) & (this.table.length - 1);
    this.table[h] = slot;
  }

  /** The slot of a product id, or -1. */
  slotOf(id: string): number {
    const key = uuidBytes(id);
    if (!key) return -1;
    for (let h = this.hash(key, 0); this.table[h] !== -1; h = (h + 1) & (this.table.length - 1)) {
      const slot = this.table[h]!;
      let same = true;
      for (let i = 0; i < 16 && same; i++) same = this.idBytes[slot * 16 + i] === key[i];
      if (same) return slot;
    }
    return -1;
  }

  /** The product id of a slot, as text. */
  idOf(slot: number): string {
    return uuidText(this.idBytes, slot * 16);
  }

  /** The product as it is now: a new slot, or its slot rewritten. */
  put(row: ProductRow) {
    let slot = this.slotOf(row.id);
    if (slot === -1) {
      if (this.size === this.live.length) this.grow(this.live.length * 2);
      slot = this.size++;
      this.idBytes.set(uuidBytes(row.id)!, slot * 16);
      this.place(slot);
    }
    // The sorted orders go only when a sort's key moved (a note read again changes nothing).
    if (this.live[slot] !== 1 || this.price[slot] !== row.sellingPrice || this.created[slot] !== row.createdAt.getTime() || this.sold[slot] !== row.unitsSold || this.rating[slot] !== row.ratingAvg || this.reviews[slot] !== row.ratingCount) {
      this.orders.clear();
    }
    this.live[slot] = 1;
    this.inStock[slot] = row.inStock ? 1 : 0;
    this.price[slot] = row.sellingPrice;
    this.brand[slot] = this.brandOf(row.brandName);
    this.created[slot] = row.createdAt.getTime();
    this.sold[slot] = row.unitsSold;
    this.rating[slot] = row.ratingAvg;
    this.reviews[slot] = row.ratingCount;
    for (const column of this.columns) {
      const code = codeOf(column.definition, row.specs?.[column.definition.key]);
      if (column.kind === "mask") column.masks[slot] = code;
      else column.codes[slot] = code;
    }
  }

  remove(id: string) {
    const slot = this.slotOf(id);
    if (slot === -1 || !this.live[slot]) return;
    this.live[slot] = 0;
    this.orders.clear();
  }

  /** Live slots in `sort` order (ties by newest, then id), kept until the next change. */
  order(sort: FacetSort): Uint32Array {
    let order = this.orders.get(sort);
    if (order) return order;
    const slots: number[] = [];
    for (let slot = 0; slot < this.size; slot++) if (this.live[slot]) slots.push(slot);
    slots.sort(comparator(this, sort));
    order = Uint32Array.from(slots);
    this.orders.set(sort, order);
    return order;
  }
}

/**
 * The one order of the listing, for two slots of any two categories: newest first (the catalogue's
 * default), by price (ties newest first), by units sold, or by customer rating (the average, then
 * the number of reviews: 4.5 from 200 reviews before 4.5 from 2); then by id. Negative: `x` comes first.
 */
function compareSlots(a: CategoryIndex, x: number, b: CategoryIndex, y: number, sort: FacetSort): number {
  const byKey =
    sort === "asc"
      ? a.price[x]! - b.price[y]!
      : sort === "desc"
        ? b.price[y]! - a.price[x]!
        : sort === "popular"
          ? b.sold[y]! - a.sold[x]!
          : sort === "rating"
            ? b.rating[y]! - a.rating[x]! || b.reviews[y]! - a.reviews[x]!
            : 0;
  return byKey || b.created[y]! - a.created[x]! || compareIdsAcross(b, y, a, x);
}

function comparator(index: CategoryIndex, sort: FacetSort): (a: number, b: number) => number {
  return (a, b) => compareSlots(index, a, index, b, sort);
}

// The registry: the loaded categories and where the next look at FacetChange starts ----------------

type Registry = {
  indexes: Map<Category, CategoryIndex>;
  loading: Map<Category, Promise<CategoryIndex>>;
  refreshing: Promise<void> | null;
  /** The refresh to run once the one under way ends, shared by the callers waiting for it. */
  queued: Promise<void> | null;
};

const KEY = Symbol.for("volt.facet-index");
function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };
  return (holder[KEY] ??= { indexes: new Map(), loading: new Map(), refreshing: null, queued: null });
}

/** Forgets every category (tests that rewrite the catalogue beneath it; a new database). */
export function resetFacetIndex(): void {
  const r = registry();
  r.indexes.clear();
  r.loading.clear();
  r.refreshing = null;
  r.queued = null;
}

async function currentXmin(): Promise<bigint> {
  const [row] = await db.$queryRaw<{ xmin: string }[]>`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS "xmin"`;
  return BigInt(row!.xmin);
}

async function definitionStamps(): Promise<Map<string, string>> {
  // A digest of the rows themselves (not of timestamps the application's clock wrote): any change shows.
  const rows = await db.$queryRaw<{ category: string; stamp: string }[]>`
    SELECT category, md5(string_agg(d::text, '|' ORDER BY d.id)) AS "stamp" FROM "SpecDefinition" d GROUP BY category`;
  return new Map(rows.map((row) => [row.category, row.stamp]));
}

const PRODUCT_COLUMNS = `p.id, p.category, p."brandName", p."sellingPrice", p."archivedAt" IS NULL AS "live", p.stock - p.held > 0 AS "inStock", p."createdAt", p."unitsSold", p."ratingAvg", p."ratingCount", p.specs`;

async function loadCategory(category: Category, stamp: string): Promise<CategoryIndex> {
  const started = performance.now();
  // Before the read: a change committed after this point is read again at the first refresh.
  const watermark = await currentXmin();
  const definitions = (await listSpecDefinitions(category)).filter((definition) => definition.filterable && definition.type !== "text");
  if (!(CATEGORY_VALUES as readonly string[]).includes(category)) throw new Error(`facets: ${category} is not a category`);
  const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS "n" FROM "Product" WHERE category = ${category} AND "archivedAt" IS NULL` as [{ n: number }];
  const index = new CategoryIndex(category, definitions, stamp, Date.now(), watermark, n + 16);
  // Through a cursor, LOAD_BATCH rows at a time: the rows read (their specifications parsed) are
  // garbage as soon as their slots are filled, so the process never holds a whole category's rows.
  await db.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(`DECLARE facet_load NO SCROLL CURSOR FOR SELECT ${PRODUCT_COLUMNS} FROM "Product" p WHERE p.category = '${category}' AND p."archivedAt" IS NULL`);
      for (;;) {
        const rows = await tx.$queryRawUnsafe<ProductRow[]>(`FETCH ${LOAD_BATCH} FROM facet_load`);
        for (const row of rows) index.put(row);
        if (rows.length < LOAD_BATCH) break;
      }
    },
    { timeout: 300_000, maxWait: 10_000 },
  );
  log.debug({ category, products: index.size, ms: Math.round(performance.now() - started) }, "facets: category loaded");
  return index;
}

/**
 * Brings every loaded category up to date: the products changed since its last look (each index
 * keeps its own watermark, so one loaded meanwhile reads what its load did not see), and
 * categories whose definitions changed, or that were read long ago, are read whole again.
 */
async function refresh(): Promise<void> {
  const r = registry();
  const present = [...r.indexes.values()];
  if (present.length === 0) return;
  const from = present.reduce((low, index) => (index.watermark < low ? index.watermark : low), present[0]!.watermark);
  const next = await currentXmin();
  const [changes, stamps] = await Promise.all([
    db.$queryRawUnsafe<(ProductRow & { changedId: string })[]>(
      `SELECT f."productId" AS "changedId", ${PRODUCT_COLUMNS} FROM "FacetChange" f LEFT JOIN "Product" p ON p.id = f."productId" WHERE f.xid >= $1::bigint`,
      from.toString(),
    ),
    definitionStamps(),
  ]);
  for (const change of changes) {
    for (const index of r.indexes.values()) {
      if (index.category === change.category && change.live) index.put(change);
      else index.remove(change.changedId);
    }
  }
  const now = Date.now();
  // Not refreshed for so long that notes it needed may be pruned: read whole before answering.
  const stale = new Set(present.filter((index) => now - index.refreshedAt > STALE_AFTER_MS));
  for (const index of present) {
    index.watermark = next;
    index.refreshedAt = now;
  }
  const redefined: Promise<unknown>[] = [];
  let reloading = r.loading.size > 0;
  for (const [category, index] of r.indexes) {
    const stamp = stamps.get(category) ?? "";
    if (r.loading.has(category)) continue;
    // Definitions changed (a retired one leaves the filters at once), or stale: before answering.
    if (stamp !== index.stamp || stale.has(index)) redefined.push(replace(category, stamp));
    // Read long ago (units sold move the popularity order): again, while the old one answers; one
    // category at a time, each at its own moment (loads started together would otherwise all
    // come due together and take the database's connections at once).
    else if (!reloading && now - index.loadedAt > index.reloadAfter) {
      reloading = true;
      void replace(category, stamp).catch(() => {});
    }
  }
  await Promise.all(redefined);
}

async function replace(category: Category, stamp: string): Promise<CategoryIndex> {
  const r = registry();
  const pending = loadCategory(category, stamp).then((index) => {
    r.indexes.set(category, index);
    return index;
  });
  r.loading.set(category, pending);
  try {
    return await pending;
  } catch (error) {
    log.warn({ err: error, category }, "facets: a category could not be loaded");
    throw error;
  } finally {
    r.loading.delete(category);
  }
}

/** The indexes of `categories` (every category when empty), loaded if need be and brought up to date. */
export async function facetIndexes(categories: readonly Category[]): Promise<CategoryIndex[]> {
  const r = registry();
  const wanted = categories.length ? categories : CATEGORY_VALUES;
  // Missing categories first, then one refresh over all: a product that moved between two of them
  // meanwhile is then in exactly one (a note read twice changes nothing).
  const missing = wanted.filter((category) => !r.indexes.has(category));
  if (missing.length > 0) {
    const stamps = await definitionStamps();
    await Promise.all(missing.map((category) => r.loading.get(category) ?? replace(category, stamps.get(category) ?? "")));
  }
  await freshRefresh();
  return wanted.map((category) => r.indexes.get(category)!);
}

/**
 * A refresh that starts after this call: one at a time; callers arriving while one runs share the
 * next one (which reads what committed before they arrived), never the one under way.
 */
function freshRefresh(): Promise<void> {
  const r = registry();
  if (!r.refreshing) {
    r.refreshing = refresh().finally(() => {
      r.refreshing = null;
    });
    return r.refreshing;
  }
  r.queued ??= r.refreshing
    .catch(() => {})
    .then(() => {
      r.queued = null;
      return freshRefresh();
    });
  return r.queued;
}

/** Deletes the notes of changes older than CHANGES_KEPT_MS (every index has read them, or reads its category whole). */
export async function pruneFacetChanges(now = new Date()): Promise<number> {
  return db.facetChange.deleteMany({ where: { changedAt: { lt: new Date(now.getTime() - CHANGES_KEPT_MS) } } }).then((result) => result.count);
}

// Each server process prunes once an hour (one timer per process); GET /api/cron/release-holds does it too.
const timers = globalThis as unknown as { voltFacetPrune?: NodeJS.Timeout };
if (!timers.voltFacetPrune && process.env.NEXT_PHASE !== "phase-production-build" && !process.env.VITEST) {
  timers.voltFacetPrune = setInterval(() => {
    pruneFacetChanges().catch((error: unknown) => log.warn({ err: error }, "facets: pruning the change notes failed"));
  }, 3600_000);
  timers.voltFacetPrune.unref();
}

// Counting ---------------------------------------------------------------------------------------

/** A specification facet shown for the ticked categories: the same key and type (and, for numbers, unit and ranges) in each. */
type SharedFacet = { key: string; definition: SpecDefinition; options: Option[] };

export function sharedFacets(indexes: CategoryIndex[]): SharedFacet[] {
  if (indexes.length === 0) return [];
  const [first, ...rest] = indexes;
  return first!.columns.flatMap((column) => {
    const { definition } = column;
    const options = new Map(column.options.map((option) => [option.value, option]));
    for (const other of rest) {
      const match = other.columns.find((c) => c.definition.key === definition.key && c.definition.type === definition.type);
      if (!match) return [];
      if (definition.type === "number" && (match.definition.unit !== definition.unit || match.definition.buckets.join() !== definition.buckets.join())) return [];
      for (const option of match.options) if (!options.has(option.value)) options.set(option.value, option);
    }
    return [{ key: definition.key, definition, options: [...options.values()] }];
  });
}

/** The facets before the specifications: brand, price, stock, rating. */
const SPEC_FACETS = 4;

/** One facet's test and counters within one category. */
type Active = { test: (slot: number) => boolean };

export type FacetResult = { counts: FacetCounts; /** The page's product ids, in order. */ ids: string[] };

/**
 * The facet counts for a selection, and one page of the products it shows (`offset`, `size`),
 * sorted as asked (newest first by default).
 */
export function countFacets(indexes: CategoryIndex[], selection: FacetSelection, offset: number, size: number): FacetResult {
  const facets = sharedFacets(indexes);
  const brandCounts = new Map<string, number>();
  const specCounts = facets.map(() => new Map<string, number>());
  let total = 0;
  let inStockCount = 0;
  const ratingCounts = RATING_FILTERS.map(() => 0);
  const minRating = selection.minRating ? ratingFloor(selection.minRating) : 0;
  let priceMin = Infinity;
  let priceMax = -Infinity;
  const matches: { index: CategoryIndex; flags: Uint8Array }[] = [];
  const priceLo = selection.price?.min != null ? selection.price.min * 100 : -Infinity;
  const priceHi = selection.price?.max != null ? selection.price.max * 100 : Infinity;

  for (const index of indexes) {
    // This category's columns for the shared facets, and the tests of the facets ticked.
    const columns = facets.map((facet) => index.columns.find((column) => column.definition.key === facet.key)!);
    const brandWanted = new Uint8Array(index.brands.length);
    for (const name of selection.brands) {
      const code = index.brandCode.get(name);
      if (code !== undefined) brandWanted[code] = 1;
    }
    // Facet numbers: 0 brand, 1 price, 2 stock, 3 rating, SPEC_FACETS + i the i-th shared specification.
    const active: { facet: number; test: Active["test"] }[] = [];
    if (selection.brands.length) active.push({ facet: 0, test: (slot) => brandWanted[index.brand[slot]!] === 1 });
    if (selection.price) active.push({ facet: 1, test: (slot) => index.price[slot]! >= priceLo && index.price[slot]! <= priceHi });
    if (selection.inStock) active.push({ facet: 2, test: (slot) => index.inStock[slot] === 1 });
    // A product without reviews has no rating: never "4 stars and up".
    if (minRating) active.push({ facet: 3, test: (slot) => index.reviews[slot]! > 0 && index.rating[slot]! >= minRating });
    columns.forEach((column, i) => {
      const ticked = selection.specs[facets[i]!.key];
      if (!ticked?.length) return;
      if (column.kind === "mask") {
        let mask = 0;
        ticked.forEach((value) => {
          const at = column.options.findIndex((option) => option.value === value);
          if (at >= 0 && at < 32) mask |= 1 << at;
        });
        const wanted = mask >>> 0;
        active.push({ facet: SPEC_FACETS + i, test: (slot) => (column.masks[slot]! & wanted) !== 0 });
      } else {
        const wanted = new Uint8Array(column.options.length + 1);
        ticked.forEach((value) => {
          const at = column.options.findIndex((option) => option.value === value);
          if (at >= 0) wanted[at + 1] = 1;
        });
        active.push({ facet: SPEC_FACETS + i, test: (slot) => wanted[column.codes[slot]!] === 1 });
      }
    });
    const brandTally = new Int32Array(index.brands.length);
    const columnTally = columns.map((column) => new Int32Array(column.kind === "mask" ? 32 : column.options.length + 1));
    const flags = new Uint8Array(index.size);
    const count = (slot: number, facet: number) => {
      if (facet === 0) brandTally[index.brand[slot]!]! += 1;
      else if (facet === 1) {
        const price = index.price[slot]!;
        if (price < priceMin) priceMin = price;
        if (price > priceMax) priceMax = price;
      } else if (facet === 2) {
        if (index.inStock[slot]) inStockCount += 1;
      } else if (facet === 3) {
        if (index.reviews[slot]! > 0) {
          for (let at = 0; at < RATING_FILTERS.length; at++) if (index.rating[slot]! >= ratingFloor(RATING_FILTERS[at]!)) ratingCounts[at]! += 1;
        }
      } else {
        const column = columns[facet - SPEC_FACETS]!;
        const tally = columnTally[facet - SPEC_FACETS]!;
        if (column.kind === "mask") {
          let mask = column.masks[slot]!;
          while (mask) {
            const bit = 31 - Math.clz32(mask);
            tally[bit]! += 1;
            mask &= ~(1 << bit);
          }
        } else tally[column.codes[slot]!]! += 1;
      }
    };
    const facetTotal = SPEC_FACETS + columns.length;
    for (let slot = 0; slot < index.size; slot++) {
      if (!index.live[slot]) continue;
      let failed = -1;
      let fails = 0;
      for (let a = 0; a < active.length; a++) {
        if (!active[a]!.test(slot)) {
          failed = active[a]!.facet;
          if (++fails > 1) break;
        }
      }
      if (fails === 0) {
        total += 1;
        flags[slot] = 1;
        for (let facet = 0; facet < facetTotal; facet++) count(slot, facet);
      } else if (fails === 1) count(slot, failed);
    }
    index.brands.forEach((name, code) => {
      if (brandTally[code]) brandCounts.set(name, (brandCounts.get(name) ?? 0) + brandTally[code]!);
    });
    columns.forEach((column, i) => {
      const counts = specCounts[i]!;
      const tally = columnTally[i]!;
      column.options.forEach((option, at) => {
        const n = column.kind === "mask" ? tally[at]! : tally[at + 1]!;
        counts.set(option.value, (counts.get(option.value) ?? 0) + n);
      });
    });
    matches.push({ index, flags });
  }

  // The brands the categories have (a ticked name they do not have matches nothing and is not repeated back).
  const known = new Set(indexes.flatMap((index) => index.brands));
  const brandOptions: FacetOption[] = [...new Set([...brandCounts.keys(), ...selection.brands.filter((name) => known.has(name))])]
    .sort((a, b) => a.localeCompare(b, "en"))
    .map((name) => ({ value: name, label: name, count: brandCounts.get(name) ?? 0, selected: selection.brands.includes(name) }));
  const specs: SpecFacet[] = facets.map((facet, i) => ({
    key: facet.key,
    label: facet.definition.label,
    group: facet.definition.group,
    type: facet.definition.type as SpecFacet["type"],
    unit: facet.definition.unit,
    options: facet.options.map((option) => ({ ...option, count: specCounts[i]!.get(option.value) ?? 0, selected: selection.specs[facet.key]?.includes(option.value) ?? false })),
  }));
  const counts: FacetCounts = {
    total,
    brands: brandOptions,
    price: { min: Number.isFinite(priceMin) ? Math.floor(priceMin / 100) : null, max: Number.isFinite(priceMax) ? Math.ceil(priceMax / 100) : null, selected: selection.price },
    inStock: { count: inStockCount, selected: selection.inStock },
    rating: RATING_FILTERS.map((stars, at) => ({ value: String(stars), label: ratingFilterLabel(stars), count: ratingCounts[at]!, selected: selection.minRating === stars })),
    specs,
  };
  return { counts, ids: pageOf(matches, selection.sort ?? "newest", offset, size) };
}

/** The page's ids: each category's matches walked in its sorted order; several categories merged by the same order. */
function pageOf(matches: { index: CategoryIndex; flags: Uint8Array }[], sort: FacetSort, offset: number, size: number): string[] {
  if (size <= 0) return [];
  if (matches.length === 1) {
    const { index, flags } = matches[0]!;
    const ids: string[] = [];
    let seen = 0;
    for (const slot of index.order(sort)) {
      if (!flags[slot]) continue;
      if (seen++ < offset) continue;
      ids.push(index.idOf(slot));
      if (ids.length === size) break;
    }
    return ids;
  }
  // Several categories: their sorted matches merged, step by step, up to the page's end (at most
  // offset + size steps, each comparing the categories' heads: no strings, no sort of the lot).
  const cursors = matches.map(({ index, flags }) => ({ index, flags, order: index.order(sort), at: -1 }));
  const advance = (cursor: (typeof cursors)[number]) => {
    do cursor.at += 1;
    while (cursor.at < cursor.order.length && !cursor.flags[cursor.order[cursor.at]!]);
  };
  cursors.forEach(advance);
  const before = (a: (typeof cursors)[number], b: (typeof cursors)[number]) => compareSlots(a.index, a.order[a.at]!, b.index, b.order[b.at]!, sort) < 0;
  const ids: string[] = [];
  for (let taken = 0; taken < offset + size; taken++) {
    let best: (typeof cursors)[number] | undefined;
    for (const cursor of cursors) if (cursor.at < cursor.order.length && (!best || before(cursor, best))) best = cursor;
    if (!best) break;
    if (taken >= offset) ids.push(best.index.idOf(best.order[best.at]!));
    advance(best);
  }
  return ids;
}

/** Two products' ids, in two indexes, in the order of their text. */
function compareIdsAcross(a: CategoryIndex, x: number, b: CategoryIndex, y: number): number {
  for (let i = 0; i < 16; i++) {
    const d = a.idBytes[x * 16 + i]! - b.idBytes[y * 16 + i]!;
    if (d !== 0) return d;
  }
  return 0;
}
