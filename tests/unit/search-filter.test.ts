import { describe, expect, it } from "vitest";
import { categoryFilterOf } from "@/lib/catalog/category-filter";
import { narrowResults, parseSearchFilter, parseSearchPageKey, searchFilterHref, searchPageKey } from "@/lib/catalog/search-filter";
import { searchKey } from "@/lib/catalog/search-query";

const params = (query: string) => new URLSearchParams(query);

describe("the search page's filters in its address and key", () => {
  it("keeps the query's own key when nothing is filtered, so the spec's /search?q= pages stay as they were", () => {
    expect(searchPageKey(params("q=samsung"))).toBe(searchKey("samsung"));
    expect(parseSearchPageKey(searchKey("samsung"))).toEqual({ query: "samsung", filter: categoryFilterOf([]) });
  });

  it("reads brands, price and stock back from the key in one spelling; category and specifications are not search filters", () => {
    const key = searchPageKey(params("q=phone&stock=1&brand=Vivo&brand=Apple&price=-30000&category=mobiles&ram_gb=8&sort=asc"));
    expect(key).toBe(searchPageKey(params("brand=Apple&brand=Vivo&price=-30000&stock=1&q=phone")));
    const page = parseSearchPageKey(key)!;
    expect(page.query).toBe("phone");
    expect(searchFilterHref(page.query, page.filter)).toBe("/search?q=phone&brand=Apple&brand=Vivo&price=-30000&stock=1");
  });

  it("refuses keys no address makes", () => {
    const good = searchPageKey(params("q=tv&brand=Sony"));
    expect(parseSearchPageKey(`${good}~x`)).toBeNull();
    expect(parseSearchPageKey(`${searchKey("tv")}~`)).toBeNull();
    expect(parseSearchPageKey(`${searchKey("tv")}~!!`)).toBeNull();
    // Another spelling of the same filters (unsorted brands) is not a second page.
    expect(parseSearchPageKey(`${searchKey("tv")}~${btoa("brand=Sony&brand=LG").replace(/=+$/, "")}`)).toBeNull();
  });

  it("drops a malformed price instead of failing", () => {
    expect(parseSearchFilter(params("q=x&price=cheap")).price).toBeNull();
  });
});

describe("narrowing one search's results", () => {
  const results = [
    { id: 1, brandName: "Sony", sellingPrice: 20000, available: 3 },
    { id: 2, brandName: "Sony", sellingPrice: 60000, available: 0 },
    { id: 3, brandName: "LG", sellingPrice: 35000, available: 1 },
    { id: 4, brandName: "Apple", sellingPrice: 90000, available: 2 },
  ];
  const filter = (query: string) => parseSearchFilter(params(query));

  it("keeps the results' order and counts each option with the other facets applied and its own not", () => {
    const { products, facets } = narrowResults(results, filter("brand=Sony&brand=LG&price=-50000"));
    expect(products.map((p) => p.id)).toEqual([1, 3]);
    expect(facets.total).toBe(2);
    // Brands: counted under the price range only.
    expect(facets.brands.map((o) => [o.value, o.count, o.selected])).toEqual([
      ["Apple", 0, false],
      ["LG", 1, true],
      ["Sony", 1, true],
    ]);
    // The price range's ends: the ticked brands' cheapest and dearest, whatever the range.
    expect(facets.price).toEqual({ min: 20000, max: 60000, selected: { min: null, max: 50000 } });
    expect(facets.inStock).toEqual({ count: 2, selected: false });
  });

  it("counts in stock as what can be bought now, and keeps a ticked brand the results lost", () => {
    const { products, facets } = narrowResults(results, filter("brand=Nokia&stock=1"));
    expect(products).toEqual([]);
    expect(facets.brands.find((o) => o.value === "Nokia")).toEqual({ value: "Nokia", label: "Nokia", count: 0, selected: true });
    expect(facets.brands.find((o) => o.value === "Sony")!.count).toBe(1);
    expect(narrowResults(results, filter("stock=1")).products.map((p) => p.id)).toEqual([1, 3, 4]);
  });
});
