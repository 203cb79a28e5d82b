import { describe, expect, it } from "vitest";
import { optionCount } from "@/lib/catalog/facets";
import {
  categoryFilterHref,
  categoryFilterKey,
  categoryFilterOf,
  filterChips,
  parseCategoryFilter,
  parseCategoryFilterKey,
  priceLabel,
  withoutFilters,
} from "@/lib/catalog/category-filter";

const read = (query: string) => parseCategoryFilter(new URLSearchParams(query));
const noLabels = { spec: () => undefined, option: () => undefined };

describe("the category page's address", () => {
  it("has one spelling: categories in the catalogue's order, brands and options sorted, newest left out", () => {
    const a = read("ram=8&brand=Xiaomi&category=mobiles&brand=Samsung&category=camera&ram=12&sort=newest&price=10000-25000&stock=1");
    const b = read("category=camera&category=mobiles&brand=Samsung&brand=Xiaomi&price=10000-25000&stock=1&ram=12&ram=8");
    expect(categoryFilterHref(a)).toBe(categoryFilterHref(b));
    expect(categoryFilterHref(a)).toBe("/category-product?category=camera&category=mobiles&brand=Samsung&brand=Xiaomi&price=10000-25000&stock=1&ram=12&ram=8");
    expect(categoryFilterKey(a)).toBe(categoryFilterKey(b));
  });

  it("keeps the spec's keys for unfiltered selections (the prerendered pages)", () => {
    expect(categoryFilterKey(categoryFilterOf(["mobiles"]))).toBe("mobiles~~1");
    expect(categoryFilterKey(read("category=camera&category=mobiles&sort=asc&page=2"))).toBe("camera.mobiles~asc~2");
    expect(categoryFilterKey(read(""))).toBe("all~~1");
    expect(categoryFilterKey(read("category=toasters"))).toBe("none~~1");
    // Unknown categories are one empty page whatever else the address carries (no page per spelling).
    expect(categoryFilterKey(read("category=toasters&brand=X&made_up=1&sort=asc&page=3"))).toBe("none~~1");
  });

  it("reads back from its key what the address said", () => {
    for (const query of ["category=mobiles&brand=Samsung&ram=8&price=-25000", "brand=A%26B&brand=%E2%82%B9~x&stock=1&sort=popular&page=3", "category=television&screen_size=55&refresh_rate=120"]) {
      const filter = read(query);
      const back = parseCategoryFilterKey(categoryFilterKey(filter));
      expect(categoryFilterHref(back)).toBe(categoryFilterHref(filter));
      // The key is one path segment whatever the values hold.
      expect(categoryFilterKey(filter)).not.toMatch(/[/?#%&=]/);
    }
  });

  it("drops what it cannot read instead of failing: a malformed price, a bad page, a hand-made key", () => {
    expect(categoryFilterHref(read("category=mobiles&price=cheap&page=-1&sort=best"))).toBe("/category-product?category=mobiles");
    expect(categoryFilterHref(parseCategoryFilterKey("mobiles~~1~%%%"))).toBe("/category-product?category=mobiles");
    expect(parseCategoryFilterKey("whatever").unknownOnly).toBe(true);
  });

  it("counts the active filters and clears them, keeping the categories and the sort", () => {
    const filter = read("category=mobiles&brand=Samsung&brand=Xiaomi&price=-25000&five_g=yes&sort=asc&page=2");
    expect(optionCount(filter)).toBe(4);
    expect(categoryFilterHref(withoutFilters(filter))).toBe("/category-product?category=mobiles&sort=asc");
  });
});

describe("the active filters' chips", () => {
  it("names each filter and removes only it, back to the first page", () => {
    const filter = read("category=mobiles&brand=Samsung&price=10000-&stock=1&ram=8&ram=12&page=3");
    const chips = filterChips(filter, { spec: (key) => (key === "ram" ? "RAM" : undefined), option: (_key, value) => `${value} GB` });
    expect(chips.map((chip) => chip.label)).toEqual(["Samsung", "₹10,000 and above", "In stock", "RAM: 12 GB", "RAM: 8 GB"]);
    expect(categoryFilterHref(chips[0]!.without)).toBe("/category-product?category=mobiles&price=10000-&stock=1&ram=12&ram=8");
    expect(categoryFilterHref(chips[3]!.without)).toBe("/category-product?category=mobiles&brand=Samsung&price=10000-&stock=1&ram=8");
    const rest = filterChips(chips[4]!.without, noLabels);
    expect(rest.map((chip) => chip.label)).toEqual(["Samsung", "₹10,000 and above", "In stock", "ram: 12"]);
  });

  it("words a price range by its open side", () => {
    expect(priceLabel({ min: 10000, max: 25000 })).toBe("₹10,000 – ₹25,000");
    expect(priceLabel({ min: null, max: 150000 })).toBe("Under ₹1,50,000");
    expect(priceLabel({ min: 500, max: null })).toBe("₹500 and above");
  });
});

describe("the customer rating (issue 40)", () => {
  it("is spelled rating=4 after stock, survives the page's key, counts as one option and has a chip", () => {
    const filter = read("sort=rating&rating=4&category=mobiles&stock=1");
    expect(filter.minRating).toBe(4);
    expect(filter.sort).toBe("rating");
    expect(categoryFilterHref(filter)).toBe("/category-product?category=mobiles&stock=1&rating=4&sort=rating");
    expect(parseCategoryFilterKey(categoryFilterKey(filter))).toEqual(filter);
    expect(optionCount(filter)).toBe(2);
    const chip = filterChips(filter, noLabels).find((one) => one.key === "rating")!;
    expect(chip.label).toBe("4 stars and up");
    expect(chip.without.minRating).toBeNull();
    expect(withoutFilters(filter).minRating).toBeNull();
  });

  it("drops a rating that is not one of the filters from a page's address", () => {
    expect(read("category=mobiles&rating=5").minRating).toBeNull();
    expect(categoryFilterHref(read("category=mobiles&rating=abc"))).toBe("/category-product?category=mobiles");
  });
});
