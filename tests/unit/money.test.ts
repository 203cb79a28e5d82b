import { describe, expect, it } from "vitest";
import { discountPercent, formatRupees, paiseToRupees, rupeesToPaise } from "@/lib/shared/money";

describe("formatRupees (en-IN, up to 2 decimals)", () => {
  it.each([
    [0, "₹0"],
    [100, "₹1"],
    [12_345_678_90, "₹1,23,45,678.9"],
    [9_999, "₹99.99"],
    [150, "₹1.5"],
    [74_999_00, "₹74,999"],
  ])("%i paise is %s", (paise, text) => {
    expect(formatRupees(paise)).toBe(text);
  });
});

describe("rupeesToPaise", () => {
  it.each([
    ["0", 0],
    ["1", 100],
    ["1.5", 150],
    ["1.05", 105],
    ["0.1", 10],
    [19.99, 1999],
    [74999, 7_499_900],
  ] as const)("%s rupees is %i paise", (rupees, paise) => {
    expect(rupeesToPaise(rupees)).toBe(paise);
  });

  it.each(["-1", "1.005", "abc", "", "1e3", "1,000"])("refuses %j", (text) => {
    expect(() => rupeesToPaise(text)).toThrow(RangeError);
  });

  it("round-trips with paiseToRupees without floating-point drift", () => {
    for (let paise = 0; paise < 100_000; paise += 37) expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
  });
});

describe("discountPercent = round((price - sellingPrice) / price * 100)", () => {
  it.each([
    [10_000, 7_500, 25],
    [26_900_00, 20_990_00, 22],
    [999, 399, 60],
    [100, 100, 0],
    [0, 0, 0],
    [300, 200, 33],
    [200, 199, 1],
  ])("price %i, selling %i gives %i%%", (price, selling, percent) => {
    expect(discountPercent(price, selling)).toBe(percent);
  });
});
