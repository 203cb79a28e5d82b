// The search page's filters (issue 39): brand, a price range, in stock only (and, issue 40, a
// customer rating) over one query's
// results (at most SEARCH_RESULTS_LIMIT, ranked), counted in memory: the results are few and
// already read, so no index is needed. Specification filters stay on the category pages, where
// the products share a category's definitions. Pure: the page, proxy.ts and the page cache share it.
import { categoryFilterOf, filterQuery, type CategoryFilter } from "./category-filter";
import { parseSelection, RATING_FILTERS, ratingFilterLabel, type FacetCounts, type FacetOption } from "./facets";
import { fromBase64url, toBase64url } from "@/lib/shared/base64url";
import { normalizeSearchQuery, parseSearchKey, searchKey } from "./search-query";

/** The filters a search address carries (brands, price, stock, a rating), as a selection with nothing else. */
export function parseSearchFilter(params: URLSearchParams): CategoryFilter {
  const { brands, price, inStock, minRating } = parseSelection(params);
  return { ...categoryFilterOf([]), brands, price, inStock, minRating };
}

/** The search's filters alone in their one spelling ("" when none). */
function searchFilterQuery(filter: CategoryFilter): string {
  return filterQuery({ ...filter, specs: {} });
}

/** /search?q=…&brand=…&price=…&stock=1 */
export function searchFilterHref(query: string, filter: CategoryFilter): string {
  const params = new URLSearchParams();
  const q = normalizeSearchQuery(query);
  if (q) params.set("q", q);
  for (const [key, value] of new URLSearchParams(searchFilterQuery(filter))) params.append(key, value);
  const text = params.toString();
  return text ? `/search?${text}` : "/search";
}

/** The page's key (proxy.ts rewrites /search?… to /search/{key}): the query's key, and "~" and the filters when any. */
export function searchPageKey(params: URLSearchParams): string {
  const filters = searchFilterQuery(parseSearchFilter(params));
  return `${searchKey(params.get("q"))}${filters ? `~${toBase64url(filters)}` : ""}`;
}

/** The query and filters of a page's key, or null when no address makes it (a hand-made one). */
export function parseSearchPageKey(key: string): { query: string; filter: CategoryFilter } | null {
  const [queryKey = "", filters, ...rest] = key.split("~");
  const query = parseSearchKey(queryKey);
  if (query === null || rest.length > 0) return null;
  if (filters === undefined) return { query, filter: categoryFilterOf([]) };
  const text = fromBase64url(filters);
  if (text === null) return null;
  const filter = parseSearchFilter(new URLSearchParams(text));
  // One spelling per selection: a key spelled otherwise is no page.
  return searchFilterQuery(filter) === text && text !== "" ? { query, filter } : null;
}

type Narrowable = { brandName: string; sellingPrice: number; available: number; rating?: { average: number; count: number } };

/**
 * The results the filters keep, in their order, and each option's count: the results it would
 * show with the other facets' choices applied and its own not (as the category pages count).
 */
export function narrowResults<T extends Narrowable>(results: T[], filter: CategoryFilter): { products: T[]; facets: FacetCounts } {
  const brandOk = (p: T) => filter.brands.length === 0 || filter.brands.includes(p.brandName);
  const priceOk = (p: T) => !filter.price || ((filter.price.min === null || p.sellingPrice >= filter.price.min) && (filter.price.max === null || p.sellingPrice <= filter.price.max));
  const stockOk = (p: T) => !filter.inStock || p.available > 0;
  const ratedAtLeast = (p: T, stars: number) => (p.rating?.count ?? 0) > 0 && p.rating!.average >= stars;
  const ratingOk = (p: T) => !filter.minRating || ratedAtLeast(p, filter.minRating);
  const brandCounts = new Map<string, number>();
  for (const p of results) brandCounts.set(p.brandName, (brandCounts.get(p.brandName) ?? 0) + (priceOk(p) && stockOk(p) && ratingOk(p) ? 1 : 0));
  // A ticked brand the results no longer hold still shows (with 0), so it can be unticked.
  for (const brand of filter.brands) if (!brandCounts.has(brand)) brandCounts.set(brand, 0);
  const brands: FacetOption[] = [...brandCounts.entries()]
    .sort(([a], [b]) => a.localeCompare(b, "en"))
    .map(([value, count]) => ({ value, label: value, count, selected: filter.brands.includes(value) }));
  const priced = results.filter((p) => brandOk(p) && stockOk(p) && ratingOk(p)).map((p) => p.sellingPrice);
  const products = results.filter((p) => brandOk(p) && priceOk(p) && stockOk(p) && ratingOk(p));
  const unrated = results.filter((p) => brandOk(p) && priceOk(p) && stockOk(p));
  return {
    products,
    facets: {
      total: products.length,
      brands,
      price: { min: priced.length ? Math.min(...priced) : null, max: priced.length ? Math.max(...priced) : null, selected: filter.price },
      inStock: { count: results.filter((p) => brandOk(p) && priceOk(p) && ratingOk(p) && p.available > 0).length, selected: filter.inStock },
      rating: RATING_FILTERS.map((stars) => ({ value: String(stars), label: ratingFilterLabel(stars), count: unrated.filter((p) => ratedAtLeast(p, stars)).length, selected: filter.minRating === stars })),
      specs: [],
    },
  };
}
