// The category page's selection (docs/PRODUCT.md §2.5: categories mirrored in the query string as
// repeated `category` parameters, plus a sort and page; issue 39: brands, a price range, in stock
// only and the specification filters, spelled as lib/catalog/facets.ts spells them), its canonical
// URL, and the compact key that proxy.ts rewrites it to so each selection is one cacheable page.
import { CATEGORY_VALUES, type Category } from "./categories";
import { fromBase64url, toBase64url } from "@/lib/shared/base64url";
import { formatPriceRange, parseSelection, ratingFilterLabel, selectionParams, type FacetSelection, type FacetSort } from "./facets";
import { CATEGORY_PAGE_SIZE, PAGING_MAX_ROWS } from "../constants";

/** The spec's two price orders (the spec's fiter-product call sorts by these alone). */
export type CategorySort = "asc" | "desc";
/**
 * A FacetSelection (`categories` empty means every product), plus `unknownOnly`: the address named
 * categories but none that exist, which shows an empty result rather than everything or an error.
 * `sort` null is the default order, newest first ("newest" is spelled by leaving it out).
 */
export type CategoryFilter = FacetSelection & { unknownOnly: boolean };

// Deep paging is refused like on the API (a page past it shows the first page).
export const CATEGORY_MAX_PAGE = Math.floor(PAGING_MAX_ROWS / CATEGORY_PAGE_SIZE);

function toPage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= CATEGORY_MAX_PAGE ? page : 1;
}

function toSort(value: string | null | undefined): FacetSort | null {
  return value === "asc" || value === "desc" || value === "popular" || value === "rating" ? value : null;
}

/** Known categories only, each once, in the spec's order (so equal selections share a page). */
function normalizeCategories(values: readonly string[]): Category[] {
  const wanted = new Set(values.map((value) => value.trim().toLowerCase()));
  return CATEGORY_VALUES.filter((category) => wanted.has(category));
}

/** A page's address read leniently: what cannot be read is left out (the page's canonical address drops it). */
export function parseCategoryFilter(params: URLSearchParams): CategoryFilter {
  const named = params.getAll("category").filter((value) => value.trim() !== "");
  const selection = parseSelection(params);
  return { ...selection, unknownOnly: named.length > 0 && selection.categories.length === 0, sort: toSort(params.get("sort")), page: toPage(params.get("page")) };
}

/** The filters alone (brands, price, stock, specifications) in their one spelling; "" when none. */
export function filterQuery(filter: CategoryFilter): string {
  return selectionParams({ ...filter, categories: [], sort: null, page: 1 }).toString();
}

/** The address shoppers see and share: /category-product?category=a&brand=B&price=-25000&ram=8&sort=asc&page=2 */
export function categoryFilterHref(filter: CategoryFilter): string {
  const params = new URLSearchParams();
  for (const category of filter.categories) params.append("category", category);
  for (const [key, value] of new URLSearchParams(filterQuery(filter))) params.append(key, value);
  if (filter.sort) params.set("sort", filter.sort);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `/category-product?${query}` : "/category-product";
}

/** The key of every address that names categories, none of which exist. */
export const NO_CATEGORY_KEY = "none~~1";

/**
 * One path segment per selection: "camera.mobiles~asc~2", "all~~1" or "none~~1", and with filters a
 * fourth part, their canonical query in base64url ("mobiles~~1~YnJhbmQ9U2Ftc3VuZw").
 */
export function categoryFilterKey(filter: CategoryFilter): string {
  // No category that exists: one empty page, whatever else the address says (no page per spelling).
  if (filter.unknownOnly) return NO_CATEGORY_KEY;
  const categories = filter.categories.length ? filter.categories.join(".") : "all";
  const filters = filterQuery(filter);
  return `${categories}~${filter.sort ?? ""}~${filter.page}${filters ? `~${toBase64url(filters)}` : ""}`;
}

export function parseCategoryFilterKey(key: string): CategoryFilter {
  let text = key;
  try {
    text = decodeURIComponent(key);
  } catch {
    // A hand-made key: read as it is.
  }
  const [named = "", sort, page, filters = ""] = text.split("~");
  const categories = named === "all" || named === "none" ? [] : normalizeCategories(named.split("."));
  const selection = parseSelection(new URLSearchParams(fromBase64url(filters) ?? ""));
  return {
    ...selection,
    categories,
    unknownOnly: named === "none" || (named !== "all" && categories.length === 0),
    sort: toSort(sort),
    page: toPage(page),
  };
}

/** The first page of these categories, newest first, unfiltered: what links to a category point at. */
export function categoryFilterOf(categories: Category[]): CategoryFilter {
  return { categories, ...NO_FILTERS, unknownOnly: false, sort: null, page: 1 };
}

/** A selection's filters, none ticked (what Clear all leaves). */
export const NO_FILTERS = { brands: [], price: null, inStock: false, minRating: null, specs: {} } as const satisfies Pick<FacetSelection, "brands" | "price" | "inStock" | "minRating" | "specs">;

/** The same selection without its filters (categories and sort kept): "Clear all". */
export function withoutFilters(filter: CategoryFilter): CategoryFilter {
  return { ...filter, ...NO_FILTERS, page: 1 };
}

/** A removable chip: its words and the selection without it. */
export type FilterChip = { key: string; label: string; without: CategoryFilter };

/**
 * The active filters as chips. `labels` gives a specification's label and an option's words (from
 * the page's facets); without them, the key and the value show.
 */
export function filterChips(filter: CategoryFilter, labels: { spec: (key: string) => string | undefined; option: (key: string, value: string) => string | undefined }): FilterChip[] {
  const chips: FilterChip[] = [];
  const base = { ...filter, page: 1 };
  for (const brand of filter.brands) chips.push({ key: `brand:${brand}`, label: brand, without: { ...base, brands: filter.brands.filter((b) => b !== brand) } });
  if (filter.price) chips.push({ key: "price", label: priceLabel(filter.price), without: { ...base, price: null } });
  if (filter.inStock) chips.push({ key: "stock", label: "In stock", without: { ...base, inStock: false } });
  if (filter.minRating) chips.push({ key: "rating", label: ratingFilterLabel(filter.minRating), without: { ...base, minRating: null } });
  for (const [key, values] of Object.entries(filter.specs)) {
    for (const value of values) {
      const rest = values.filter((v) => v !== value);
      const specs = { ...filter.specs };
      if (rest.length) specs[key] = rest;
      else delete specs[key];
      chips.push({ key: `${key}:${value}`, label: `${labels.spec(key) ?? key}: ${labels.option(key, value) ?? value}`, without: { ...base, specs } });
    }
  }
  return chips;
}

const rupees = (value: number) => `₹${value.toLocaleString("en-IN")}`;

/** "₹10,000 – ₹25,000", "Under ₹25,000", "₹10,000 and above". */
export function priceLabel(range: { min: number | null; max: number | null }): string {
  if (range.min !== null && range.max !== null) return `${rupees(range.min)} – ${rupees(range.max)}`;
  if (range.max !== null) return `Under ${rupees(range.max)}`;
  if (range.min !== null) return `${rupees(range.min)} and above`;
  return formatPriceRange(range);
}
