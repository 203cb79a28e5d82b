import { describe, expect, it } from "vitest";
import { cartSummary } from "@/lib/shop-lists/cart-summary";

const line = (quantity: number, sellingPrice: number) => ({ quantity, productId: { sellingPrice } });

describe("cartSummary", () => {
  it("is zero for an empty cart", () => {
    expect(cartSummary([])).toEqual({ quantity: 0, totalPaise: 0, total: "₹0", unbuyable: 0 });
  });

  it("sums quantities and quantity × selling price", () => {
    expect(cartSummary([line(2, 14_999), line(1, 999)])).toEqual({ quantity: 3, totalPaise: 3_099_700, total: "₹30,997", unbuyable: 0 });
  });

  it("adds in paise: no floating-point drift", () => {
    // In floating point 0.1 + 0.2 is 0.30000000000000004 and 3 × 19.99 is 59.96999999999999.
    expect(cartSummary([line(1, 0.1), line(1, 0.2)]).total).toBe("₹0.3");
    expect(cartSummary([line(3, 19.99)])).toMatchObject({ totalPaise: 5_997, total: "₹59.97" });
    const many = Array.from({ length: 99 }, () => line(99, 0.01));
    expect(cartSummary(many)).toMatchObject({ quantity: 9_801, totalPaise: 9_801, total: "₹98.01" });
  });

  it("uses Indian digit grouping for large totals", () => {
    expect(cartSummary([line(99, 1_23_456.78)]).total).toBe("₹1,22,22,221.22");
  });

  it("skips a line whose product is gone", () => {
    expect(cartSummary([line(2, 100), { quantity: 5, productId: null }])).toMatchObject({ quantity: 2, totalPaise: 20_000 });
  });

  it("leaves out units that cannot be bought now, and counts them (issue 35)", () => {
    const lines = [
      { quantity: 2, productId: { sellingPrice: 100, available: 10, archived: false } },
      { quantity: 3, productId: { sellingPrice: 1_000, available: 0, archived: false } }, // out of stock
      { quantity: 1, productId: { sellingPrice: 5_000, available: 7, archived: true } }, // no longer sold
      { quantity: 4, productId: { sellingPrice: 10, available: 1, archived: false } }, // only 1 left
    ];
    expect(cartSummary(lines)).toEqual({ quantity: 3, totalPaise: 21_000, total: "₹210", unbuyable: 7 });
  });
});
