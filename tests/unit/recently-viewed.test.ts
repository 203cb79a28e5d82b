import { describe, expect, it } from "vitest";
import { parseRecentlyViewed, parseViewedIds, RECENTLY_VIEWED_MAX, withViewed } from "@/lib/catalog/recently-viewed";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("recently viewed", () => {
  it("puts the product viewed first, once, and lets the oldest fall off past the limit", () => {
    let list: string[] = [];
    for (let n = 1; n <= RECENTLY_VIEWED_MAX + 2; n += 1) list = withViewed(list, id(n));
    expect(list).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(list[0]).toBe(id(RECENTLY_VIEWED_MAX + 2));
    expect(list).not.toContain(id(1));
    expect(list).not.toContain(id(2));
    const again = withViewed(list, id(5).toUpperCase());
    expect(again[0]).toBe(id(5));
    expect(again.filter((other) => other === id(5))).toHaveLength(1);
    expect(again).toHaveLength(RECENTLY_VIEWED_MAX);
  });

  it("reads what the browser stored defensively: ids only, each once, bounded", () => {
    expect(parseRecentlyViewed(null)).toEqual([]);
    expect(parseRecentlyViewed("not json")).toEqual([]);
    expect(parseRecentlyViewed('{"a":1}')).toEqual([]);
    expect(parseRecentlyViewed(JSON.stringify([id(1), "<script>", 42, id(1), id(2).toUpperCase()]))).toEqual([id(1), id(2)]);
    expect(parseRecentlyViewed(JSON.stringify(Array.from({ length: 30 }, (_, n) => id(n))))).toHaveLength(RECENTLY_VIEWED_MAX);
  });

  it("takes up to the limit of well-formed ids from the address, and refuses anything else whole", () => {
    expect(parseViewedIds(null)).toEqual([]);
    expect(parseViewedIds(` ${id(1)},${id(2)} ,${id(1)}`)).toEqual([id(1), id(2)]);
    expect(parseViewedIds(`${id(1)},x`)).toBeNull();
    expect(parseViewedIds(Array.from({ length: RECENTLY_VIEWED_MAX + 1 }, (_, n) => id(n)).join(","))).toBeNull();
  });
});
