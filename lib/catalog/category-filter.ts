// The category page's selection (docs/PRODUCT.md §2.5: categories mirrored in the query string as repeated
// `category` parameters, plus our price sort and page), its canonical URL, and the compact key
// that proxy.ts rewrites it to so each selection is one cacheable page.
import { CATEGORY_VALUES, type Category } from "./categories";
import { CATEGORY_PAGE_SIZE, PAGING_MAX_ROWS } from "../constants";

export type CategorySort = "asc" | "desc";
/**
 * `categories` empty means every product, unless `unknownOnly`: the address named categories but
 * none that exist, which shows an empty result rather than everything or an error.
 */
export type CategoryFilter = { categories: Category[]; unknownOnly: boolean; sort: CategorySort | null; page: number };

// Deep paging is refused like on the API (a page past it shows the first page).
export const CATEGORY_MAX_PAGE = Math.floor(PAGING_MAX_ROWS / CATEGORY_PAGE_SIZE);
const MAX_PAGE = CATEGORY_MAX_PAGE;

function toPage(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1;
}

function toSort(value: string | null | undefined): CategorySort | null {
  return value === "asc" || value === "desc" ? value : null;
}

/** Known categories only, each once, in the spec's order (so equal selections share a page). */
function normalizeCategories(values: readonly string[]): Category[] {
  const wanted = new Set(values.map((value) => value.trim().toLowerCase()));
  return CATEGORY_VALUES.filter((category) => wanted.has(category));
}

export function parseCategoryFilter(params: URLSearchParams): CategoryFilter {
  const named = params.getAll("category").filter((value) => value.trim() !== "");
  const categories = normalizeCategories(named);
  return {
    categories,
    unknownOnly: named.length > 0 && categories.length === 0,
    sort: toSort(params.get("sort")),
    page: toPage(params.get("page")),
  };
}

/** The address shoppers see and share: /category-product?category=a&category=b&sort=asc&page=2 */
export function categoryFilterHref(filter: CategoryFilter): string {
  const params = new URLSearchParams();
  for (const category of filter.categories) params.append("category", category);
  if (filter.sort) params.set("sort", filter.sort);
  if (filter.page > 1) params.set("page", String(filter.page));
  const query = params.toString();
  return query ? `/category-product?${query}` : "/category-product";
}

/** One path segment per selection, e.g. "camera.mobiles~asc~2", "all~~1" or "none~~1". */
export function categoryFilterKey(filter: CategoryFilter): string {
  const categories = filter.unknownOnly ? "none" : filter.categories.length ? filter.categories.join(".") : "all";
  return `${categories}~${filter.sort ?? ""}~${filter.page}`;
}

export function parseCategoryFilterKey(key: string): CategoryFilter {
  const [named = "", sort, page] = decodeURIComponent(key).split("~");
  const categories = named === "all" || named === "none" ? [] : normalizeCategories(named.split("."));
  return {
    categories,
    unknownOnly: named === "none" || (named !== "all" && categories.length === 0),
    sort: toSort(sort),
    page: toPage(page),
  };
}

/** The first page of these categories, newest first: what links to a category point at. */
export function categoryFilterOf(categories: Category[]): CategoryFilter {
  return { categories, unknownOnly: false, sort: null, page: 1 };
}
