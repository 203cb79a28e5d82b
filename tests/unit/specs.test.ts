import { describe, expect, it } from "vitest";
import { bucketLabel, bucketOf, checkSpecValues, formatSpecValue, gtinCheckDigit, isEan13, specTable, type SpecDefinition } from "@/lib/catalog/specs";

// The rules of specifications shared by the admin's form, the API and the product page.

const base: SpecDefinition = { key: "x", label: "X", group: "G", type: "number", unit: null, unitCode: null, choices: [], min: null, max: null, decimals: 0, buckets: [], filterable: true, comparable: true, better: null, position: 0 };
const ram: SpecDefinition = { ...base, key: "ram_gb", label: "RAM", group: "Memory", unit: "GB", unitCode: "E34", min: 1, max: 32, buckets: [4, 6, 8, 12], better: "higher", position: 1 };
const screen: SpecDefinition = { ...base, key: "screen_in", label: "Screen", group: "Display", unit: "inches", unitCode: "INH", min: 3, max: 10, decimals: 1, buckets: [5, 6, 6.5], position: 0 };
const os: SpecDefinition = { ...base, key: "os", label: "OS", group: "General", type: "choice", choices: ["Android", "iOS"], position: 2 };
const radios: SpecDefinition = { ...base, key: "radios", label: "Radios", group: "Connectivity", type: "multi", choices: ["Wi-Fi", "Bluetooth", "NFC"], position: 3 };
const fiveG: SpecDefinition = { ...base, key: "five_g", label: "5G", group: "Connectivity", type: "boolean", position: 4 };
const chip: SpecDefinition = { ...base, key: "chip", label: "Chip", group: "Performance", type: "text", filterable: false, position: 5 };
const ALL = [ram, screen, os, radios, fiveG, chip];

describe("specification values", () => {
  it("are cleaned by type: numbers from text, choices in the list's spelling and order, yes/no from words", () => {
    const { values, errors } = checkSpecValues(ALL, { ram_gb: "8", screen_in: 6.1, os: " ios ", radios: ["nfc", "Wi-Fi"], five_g: "yes", chip: "  Tensor G3 " });
    expect(errors).toEqual({});
    expect(values).toEqual({ ram_gb: 8, screen_in: 6.1, os: "iOS", radios: ["Wi-Fi", "NFC"], five_g: true, chip: "Tensor G3" });
  });

  it("are refused with a message naming the field: bounds, decimals, lists, unknown keys, control characters", () => {
    const { errors } = checkSpecValues(ALL, { ram_gb: 64, screen_in: 6.15, os: "Symbian", radios: ["Wi-Fi", "Zigbee"], five_g: "maybe", chip: "a\u0000b", colour: "red" });
    expect(errors).toEqual({
      ram_gb: "RAM must be at most 32 GB",
      screen_in: "Screen may have at most 1 decimal places",
      os: "OS must be one of: Android, iOS",
      radios: "Radios must be chosen from: Wi-Fi, Bluetooth, NFC",
      five_g: "5G must be yes or no",
      chip: "Chip must be plain text on one line",
      colour: "colour is not a specification of this category",
    });
    expect(checkSpecValues(ALL, { ram_gb: 0 }).errors).toEqual({ ram_gb: "RAM must be at least 1 GB" });
    expect(checkSpecValues(ALL, { ram_gb: 7.5 }).errors).toEqual({ ram_gb: "RAM must be a whole number" });
    // Two decimals allowed: every value with two, none with three (floating point must not refuse 2.01 or 1.1).
    const clock: SpecDefinition = { ...base, key: "clock", label: "Clock", unit: "GHz", decimals: 2, min: 0, max: 10 };
    expect(checkSpecValues([clock], { clock: 2.01 }).errors).toEqual({});
    expect(checkSpecValues([clock], { clock: "1.1" }).values).toEqual({ clock: 1.1 });
    expect(Array.from({ length: 1001 }, (_, i) => Number((i / 100).toFixed(2))).filter((v) => Object.keys(checkSpecValues([clock], { clock: v }).errors).length > 0)).toEqual([]);
    expect(checkSpecValues([clock], { clock: 2.015 }).errors).toEqual({ clock: "Clock may have at most 2 decimal places" });
  });

  it("left blank are dropped, and a retired key is neither checked nor kept", () => {
    const { values, errors } = checkSpecValues(ALL, { ram_gb: "", os: null, radios: [], old_key: "whatever" }, new Set(["old_key"]));
    expect(errors).toEqual({});
    expect(values).toEqual({});
  });

  it("show in words and grouped in the definitions' order, blanks left out", () => {
    expect(formatSpecValue(ram, 8)).toBe("8 GB");
    expect(formatSpecValue(screen, 6.1)).toBe("6.1 inches");
    expect(formatSpecValue({ ...base, unit: "mAh" }, 5000)).toBe("5,000 mAh");
    expect(formatSpecValue(fiveG, false)).toBe("No");
    expect(specTable(ALL, { os: "Android", ram_gb: 8, screen_in: 6.7 })).toEqual([
      { group: "Display", rows: [{ key: "screen_in", label: "Screen", value: "6.7 inches" }] },
      { group: "Memory", rows: [{ key: "ram_gb", label: "RAM", value: "8 GB" }] },
      { group: "General", rows: [{ key: "os", label: "OS", value: "Android" }] },
    ]);
  });
});

describe("range buckets", () => {
  it("take a value from its edge up to the next edge, the last open-ended", () => {
    expect([3.9, 4, 5.99, 6, 11, 12, 64].map((v) => bucketOf(ram.buckets, v))).toEqual([-1, 0, 0, 1, 2, 3, 3]);
    expect([4.9, 5, 5.9, 6, 6.4, 6.5].map((v) => bucketOf(screen.buckets, v))).toEqual([-1, 0, 0, 1, 1, 2]);
  });

  it("are labelled by what they hold", () => {
    expect(ram.buckets.map((_, i) => bucketLabel(ram, i))).toEqual(["4–5 GB", "6–7 GB", "8–11 GB", "12+ GB"]);
    expect(screen.buckets.map((_, i) => bucketLabel(screen, i))).toEqual(["5–5.9 inches", "6–6.4 inches", "6.5+ inches"]);
    expect(bucketLabel({ unit: null, buckets: [1, 2, 3], decimals: 0 }, 0)).toBe("1");
  });
});

describe("EAN-13", () => {
  it("has GS1's check digit", () => {
    // A real, published barcode (an ISBN-13), then one digit wrong, one short, one long, a letter O.
    expect(isEan13("9780306406157")).toBe(true);
    expect(gtinCheckDigit("978030640615")).toBe(7);
    expect(isEan13("9780306406158")).toBe(false);
    expect(isEan13("978030640615")).toBe(false);
    expect(isEan13("97803064061570")).toBe(false);
    expect(isEan13("97803064O6157")).toBe(false);
  });
});
