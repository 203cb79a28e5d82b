import "server-only";
import { CATEGORY_PAGE_SIZE } from "@/lib/constants";
import { CATEGORY_VALUES } from "@/lib/catalog/categories";
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
  const specs = knownSpecs(selection, knownOptions(indexes), strict);
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

/** The specification filters the loaded categories share, each with its option values (as countFacets shows them). */
function knownOptions(indexes: Awaited<ReturnType<typeof facetIndexes>>): Record<string, string[]> {
  return Object.fromEntries(sharedFacets(indexes).map((facet) => [facet.key, facet.options.map((option) => option.value)]));
}

/**
 * The selection's specification filters that `known` has. `strict` (the API): a key the ticked
 * categories do not share, or an option it does not have, is a 400 naming the key (never the
 * option: an address can carry anything); otherwise they are dropped.
 */
function knownSpecs(selection: FacetSelection, known: Record<string, string[]>, strict: boolean): Record<string, string[]> {
  const specs: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(selection.specs)) {
    const options = Object.hasOwn(known, key) ? new Set(known[key]) : null;
    if (!options) {
      if (strict) throw refusal(new SelectionError(`${key} is not a filter of ${selection.categories.length === 1 ? "this category" : "the categories chosen"}`, key));
      continue;
    }
    if (strict && values.some((value) => !options.has(value))) throw refusal(new SelectionError(`${key} has no such option`, key));
    const kept = values.filter((value) => options.has(value));
    if (kept.length > 0) specs[key] = kept;
  }
  return specs;
}

/**
 * The selection as a page shows it: brands and specification filters the ticked categories do not
 * have left out. Cached per set of categories (not per address), so addresses full of made-up
 * filters cost no cache entries of their own before the page sends them to their canonical spelling.
 */
export async function pageSelection<T extends FacetSelection>(selection: T): Promise<T> {
  if (Object.keys(selection.specs).length === 0 && selection.brands.length === 0) return selection;
  const known = await filterOptionsCached(selection.categories.join("."));
  const brands = new Set(known.brands);
  return { ...selection, brands: selection.brands.filter((brand) => brands.has(brand)), specs: knownSpecs(selection, known.specs, false) };
}

async function filterOptionsCached(categories: string): Promise<{ brands: string[]; specs: Record<string, string[]> }> {
  "use cache";
  const named = categories.split(".");
  const ticked = CATEGORY_VALUES.filter((category) => named.includes(category));
  cacheCatalogRead(...ticked.map(CATALOG_TAGS.category));
  const indexes = await facetIndexes(ticked);
  return { brands: [...new Set(indexes.flatMap((index) => index.brands))], specs: knownOptions(indexes) };
}

/** A selection the API refuses: 400 naming the parameter. */
export function refusal(error: SelectionError): HttpError {
  return new HttpError(400, error.message, undefined, { [error.field]: error.message });
}
