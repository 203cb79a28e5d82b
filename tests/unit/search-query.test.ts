import { describe, expect, it } from "vitest";
import { normalizeSearchQuery, parseSearchKey, searchKey } from "@/lib/catalog/search-query";

describe("search keys (proxy.ts rewrites /search?q= to /search/{key})", () => {
  it("round-trips any text, as one URL path segment", () => {
    for (const query of ["samsung", "AirPods Pro", "100% (blue) [x] /a/b?c#d", "₹ 9,999 टीवी", "😀", "a.b", ""]) {
      const key = searchKey(query);
      expect(key).toMatch(/^q[A-Za-z0-9_-]*$/);
      expect(parseSearchKey(key)).toBe(query);
    }
  });

  it("gives equal queries one key (whitespace and control characters normalized)", () => {
    expect(searchKey("  samsung \t galaxy\n")).toBe(searchKey("samsung galaxy"));
    expect(searchKey(null)).toBe(searchKey(""));
    expect(searchKey("x".repeat(500))).toBe(searchKey("x".repeat(100)));
  });

  it("refuses hand-made keys, so no two addresses show the same search", () => {
    expect(parseSearchKey("samsung")).toBeNull();
    expect(parseSearchKey("q!!")).toBeNull();
    expect(parseSearchKey(`q${btoa("  samsung ")}`.replace(/=+$/, ""))).toBeNull();
    expect(parseSearchKey("q_w")).toBeNull(); // not UTF-8
    expect(parseSearchKey(searchKey("samsung") + "A")).toBeNull();
  });

  it("normalizes queries", () => {
    expect(normalizeSearchQuery("a\u0000b")).toBe("a b");
    expect(normalizeSearchQuery(undefined)).toBe("");
  });
});
