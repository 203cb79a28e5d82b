// Faceted filters (issue 39): what a shopper has ticked (brands, a price range, in stock only, the
// options of each filterable specification), how it is spelled in an address, and the answer's
// shape. Pure: the category page, its filters and the API share it. Which specification keys and
// options exist is the server's to say (lib/server/catalog/facet-index.ts): here they are text.
import { CATEGORY_VALUES, type Category } from "./categories";
import { API_PAGE_SIZE_MAX, PAGING_MAX_ROWS } from "../constants";

export const FACET_SORTS = ["asc", "desc", "newest", "popular", "rating"] as const;
export type FacetSort = (typeof FACET_SORTS)[number];

/** Parameters that are not specification keys (a definition may not take one of these keys). */
export const RESERVED_FILTER_KEYS = ["category", "brand", "price", "stock", "rating", "sort", "page", "limit", "q"] as const;

/** The customer-rating filters (issue 40): an average of at least this many stars ("4 stars and up"). */
export const RATING_FILTERS = [4, 3] as const;
export const ratingFilterLabel = (stars: number) => `${stars} stars and up`;
/**
 * The lowest kept average (in hundredths) that a rating filter takes: the average as shown, to one
 * decimal, so a product shown as 4.0 (a kept 3.95) is in "4 stars and up".
 */
export const ratingFloor = (stars: number) => stars * 100 - 5;

/**
 * Parameters that campaigns and ad platforms add to any link (utm_source, gclid…): never filters,
 * so a shared or advertised address keeps them and is not sent elsewhere.
 */
export function isTrackingParam(key: string): boolean {
  return key.startsWith("utm_") || ["gclid", "gbraid", "wbraid", "fbclid", "msclkid", "dclid", "yclid", "ref", "_rsc"].includes(key);
}

/** The most options one selection may tick, over every facet (a crawler's or a script's address past it is refused). */
export const FILTER_OPTIONS_MAX = 30;
/** The highest price a range may name, in rupees. */
export const FILTER_PRICE_MAX = 10_000_000;

export type PriceRange = { min: number | null; max: number | null };

export type FacetSelection = {
  /** Empty: every category. */
  categories: Category[];
  brands: string[];
  /** Rupees, whole; either side open. */
  price: PriceRange | null;
  inStock: boolean;
  /** Products whose reviews average at least this many stars (one of RATING_FILTERS); null or absent: any. */
  minRating?: number | null;
  /** Specification key → ticked options (a choice's text, "yes" or "no", a range's lower edge). */
  specs: Record<string, string[]>;
  sort: FacetSort | null;
  page: number;
};

/** A facet option as the filters show it: its value in the address, its words, the products it would show, whether ticked. */
export type FacetOption = { value: string; label: string; count: number; selected: boolean };
export type SpecFacet = { key: string; label: string; group: string; type: "number" | "choice" | "multi" | "boolean"; unit: string | null; options: FacetOption[] };
export type FacetCounts = {
  /** Products the selection shows. */
  total: number;
  brands: FacetOption[];
  /** The cheapest and dearest product (rupees) the selection would show with any price: the slider's ends; null when none. */
  price: { min: number | null; max: number | null; selected: PriceRange | null };
  /** Products in stock the selection would show with "in stock only" ticked. */
  inStock: { count: number; selected: boolean };
  /** Each rating filter ("4", "3") with the products it would show. */
  rating: FacetOption[];
  specs: SpecFacet[];
};

export class SelectionError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
  }
}

const PRICE = /^(\d{0,8})-(\d{0,8})$/;

/** "10000-25000", "-25000", "10000-": a range in whole rupees, or a SelectionError. */
export function parsePriceRange(text: string): PriceRange {
  const match = PRICE.exec(text.trim());
  if (!match || (match[1] === "" && match[2] === "")) throw new SelectionError("price must be a range of whole rupees, such as 10000-25000, -25000 or 10000-", "price");
  const min = match[1] === "" ? null : Number(match[1]);
  const max = match[2] === "" ? null : Number(match[2]);
  if ((min !== null && min > FILTER_PRICE_MAX) || (max !== null && max > FILTER_PRICE_MAX)) throw new SelectionError(`price can be at most ${FILTER_PRICE_MAX} rupees`, "price");
  if (min !== null && max !== null && min > max) throw new SelectionError("price: the lowest must not be above the highest", "price");
  return { min, max };
}

export function formatPriceRange(range: PriceRange): string {
  return `${range.min ?? ""}-${range.max ?? ""}`;
}

/**
 * Reads a selection from an address's parameters. `strict` (the API): an unknown parameter, a
 * malformed value or more than FILTER_OPTIONS_MAX options is a SelectionError; otherwise (a page)
 * such parts are dropped. Specification keys are taken as given (the server checks them).
 */
export function parseSelection(params: URLSearchParams, { strict = false, extraKeys = [] as readonly string[] } = {}): FacetSelection {
  const fail = (message: string, field: string) => {
    if (strict) throw new SelectionError(message, field);
  };
  const named = params.getAll("category").map((value) => value.trim().toLowerCase()).filter(Boolean);
  const unknownCategory = named.find((value) => !(CATEGORY_VALUES as readonly string[]).includes(value));
  // The refusal never repeats what was sent (an address can carry anything).
  if (unknownCategory) fail("category must be one of the store's categories", "category");
  const categories = CATEGORY_VALUES.filter((category) => named.includes(category));
  const brands = sortedUnique(params.getAll("brand").map((value) => value.trim()).filter((value) => value.length > 0 && value.length <= 100));
  let price: PriceRange | null = null;
  const priceText = params.get("price");
  if (priceText !== null && priceText !== "") {
    try {
      price = parsePriceRange(priceText);
    } catch (error) {
      if (strict) throw error;
    }
  }
  const stock = params.get("stock");
  if (stock !== null && stock !== "1" && stock !== "") fail("stock must be 1 (in stock only) or left out", "stock");
  const ratingText = params.get("rating");
  const minRating = (RATING_FILTERS as readonly number[]).includes(Number(ratingText)) && ratingText !== "" ? Number(ratingText) : null;
  if (ratingText !== null && ratingText !== "" && minRating === null) fail(`rating must be ${RATING_FILTERS.join(" or ")} (stars and up) or left out`, "rating");
  const sortText = params.get("sort");
  const sort = (FACET_SORTS as readonly string[]).includes(sortText ?? "") ? (sortText as FacetSort) : null;
  if (sortText && !sort) fail(`sort must be one of ${FACET_SORTS.join(", ")}`, "sort");
  const pageText = params.get("page");
  const page = Number(pageText ?? 1);
  const validPage = Number.isInteger(page) && page >= 1 && page <= PAGING_MAX_ROWS;
  if (pageText !== null && !validPage) fail(`page must be a whole number from 1`, "page");
  const specs: Record<string, string[]> = {};
  for (const key of new Set(params.keys())) {
    if ((RESERVED_FILTER_KEYS as readonly string[]).includes(key) || extraKeys.includes(key) || isTrackingParam(key)) continue;
    if (!/^[a-z][a-z0-9_]{0,39}$/.test(key)) {
      fail("A filter's name has lower-case letters, digits and _ only", "selection");
      continue;
    }
    const values = sortedUnique(params.getAll(key).map((value) => value.trim()).filter((value) => value.length > 0 && value.length <= 60));
    if (values.length > 0) specs[key] = values;
  }
  const selection: FacetSelection = { categories, brands, price, inStock: stock === "1", minRating, specs: sortKeys(specs), sort, page: validPage ? page : 1 };
  if (optionCount(selection) > FILTER_OPTIONS_MAX) {
    if (strict) throw new SelectionError(`A selection may tick at most ${FILTER_OPTIONS_MAX} options`, "selection");
    return { ...selection, brands: selection.brands.slice(0, FILTER_OPTIONS_MAX), specs: {} };
  }
  return selection;
}

/** How many options a selection ticks (brands, the price range, in stock, each specification option). */
export function optionCount(selection: FacetSelection): number {
  return selection.brands.length + (selection.price ? 1 : 0) + (selection.inStock ? 1 : 0) + (selection.minRating ? 1 : 0) + Object.values(selection.specs).reduce((sum, values) => sum + values.length, 0);
}

function sortedUnique(values: string[]): string[] {
  return [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function sortKeys(specs: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.keys(specs).sort().map((key) => [key, specs[key]!]));
}

/**
 * The one spelling of a selection's address: categories in the catalogue's order, then brands,
 * price, stock, the specification keys alphabetically with their options sorted, sort, page.
 * Equal selections share one address (and one cached page).
 */
export function selectionParams(selection: FacetSelection): URLSearchParams {
  const params = new URLSearchParams();
  for (const category of selection.categories) params.append("category", category);
  for (const brand of [...selection.brands].sort()) params.append("brand", brand);
  if (selection.price && (selection.price.min !== null || selection.price.max !== null)) params.set("price", formatPriceRange(selection.price));
  if (selection.inStock) params.set("stock", "1");
  if (selection.minRating) params.set("rating", String(selection.minRating));
  for (const key of Object.keys(selection.specs).sort()) for (const value of [...selection.specs[key]!].sort()) params.append(key, value);
  if (selection.sort) params.set("sort", selection.sort);
  if (selection.page > 1) params.set("page", String(selection.page));
  return params;
}

/** The page size and page a listing answers, bounded like every list (no deeper than PAGING_MAX_ROWS). */
export function pageWindow(page: number, size: number): { offset: number; size: number } {
  const bounded = Math.min(Math.max(1, size), API_PAGE_SIZE_MAX);
  const offset = Math.min((page - 1) * bounded, PAGING_MAX_ROWS);
  return { offset, size: bounded };
}
