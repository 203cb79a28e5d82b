import "server-only";
import { CATEGORY_PAGE_SIZE } from "@/lib/constants";
import { parseCategoryFilterKey } from "@/lib/catalog/category-filter";
import { pageWindow, SelectionError, type FacetCounts, type FacetSelection } from "@/lib/catalog/facets";
import { HttpError } from "../platform/http";
import { CATALOG_TAGS, cacheCatalogRead } from "./cache";
import { productsInOrder, type PublicProduct } from "./catalog";
import { countFacets, facetIndexes, sharedFacets } from "./facet-index";

// The catalogue narrowed by filters: the facet counts and one page of products for a selection
// (lib/catalog/facets.ts), from the filters' index (facet-index.ts) and the page's rows read by id.

export type FilteredCatalog = {
  products: PublicProduct[];
  total: number;
  page: number;
  pageSize: number;
  facets: FacetCounts;
  /** The selection as answered: options the ticked categories do not have dropped (or, strict, refused). */
  selection: FacetSelection;
};

/**
 * The products a selection shows and every facet's counts. `strict` (the API): a specification key
 * the ticked categories do not share, or an option it does not have, is a 400 naming it; else (a
 * page's address) it is dropped from the answered selection, which the page redirects to.
 */
export async function filterCatalog(selection: FacetSelection, { pageSize = CATEGORY_PAGE_SIZE, strict = false } = {}): Promise<FilteredCatalog> {
  const indexes = await facetIndexes(selection.categories);
  // What the ticked categories offer, counted for nothing ticked: the known keys and options.
  const known = new Map<string, Set<string>>();
  for (const column of sharedColumns(indexes)) known.set(column.key, new Set(column.values));
  const specs: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(selection.specs)) {
    const options = known.get(key);
    if (!options) {
      if (strict) throw refusal(new SelectionError(`${key} is not a filter of ${selection.categories.length === 1 ? "this category" : "the categories chosen"}`, key));
      continue;
    }
    const kept = values.filter((value) => options.has(value));
    const unknown = values.find((value) => !options.has(value));
    // The option itself is not repeated (an address can carry anything); the key is a known one.
    if (unknown !== undefined && strict) throw refusal(new SelectionError(`${key} has no such option`, key));
    if (kept.length > 0) specs[key] = kept;
  }
  const clean: FacetSelection = { ...selection, specs };
  const window = pageWindow(clean.page, pageSize);
  const { counts, ids } = countFacets(indexes, clean, window.offset, window.size);
  // A product archived since the index last looked is left off the page (the next answer's counts know).
  const products = (await productsInOrder(ids)).filter((product) => !product.archived);
  return { products, total: counts.total, page: clean.page, pageSize: window.size, facets: counts, selection: clean };
}

/**
 * The category page's answer for a selection's key (lib/catalog/category-filter.ts), cached like
 * every catalogue read: catalogue writes, and stock crossing zero, expire it (cache.ts); the
 * filters' index brings itself up to date before it counts (facet-index.ts).
 */
export async function categoryPageCached(key: string): Promise<FilteredCatalog | null> {
  "use cache";
  const filter = parseCategoryFilterKey(key);
  cacheCatalogRead(...filter.categories.map(CATALOG_TAGS.category));
  if (filter.unknownOnly) return null;
  return filterCatalog(filter);
}

/** The specification facets the loaded categories share, with their option values (as countFacets shows them). */
function sharedColumns(indexes: Awaited<ReturnType<typeof facetIndexes>>): { key: string; values: string[] }[] {
  return sharedFacets(indexes).map((facet) => ({ key: facet.key, values: facet.options.map((option) => option.value) }));
}

/** A selection the API refuses: 400 naming the parameter. */
export function refusal(error: SelectionError): HttpError {
  return new HttpError(400, error.message, undefined, { [error.field]: error.message });
}
