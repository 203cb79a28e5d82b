import { describe, expect, it } from "vitest";
import {
  addToCompareList,
  bestIndexes,
  compareHref,
  compareRefusal,
  compareSpecRows,
  parseCompareIds,
  parseStoredCompareList,
  valuesDiffer,
  type CompareItem,
} from "@/lib/catalog/compare";
import type { SpecDefinition, SpecValues } from "@/lib/catalog/specs";

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const phone = (n: number): CompareItem => ({ id: id(n), name: `Phone ${n}`, category: "mobiles" });

describe("the compare list's rules", () => {
  it("adds products of one category, up to 4, in order", () => {
    let list: CompareItem[] = [];
    for (const n of [1, 2, 3, 4]) {
      const result = addToCompareList(list, phone(n));
      if (!("list" in result)) throw new Error(result.refused);
      list = result.list;
    }
    expect(list.map((item) => item.name)).toEqual(["Phone 1", "Phone 2", "Phone 3", "Phone 4"]);
  });

  it("refuses a fifth, saying the limit", () => {
    const list = [1, 2, 3, 4].map(phone);
    expect(addToCompareList(list, phone(5))).toEqual({ refused: "You can compare up to 4 products: remove one first." });
  });

  it("refuses another category, naming the category on the list", () => {
    const tv = { id: id(9), name: "A TV", category: "television" };
    expect(compareRefusal([phone(1)], tv)).toMatch(/one category: remove the Mobiles products first/);
    // The category reason comes first, even when the list is also full.
    expect(compareRefusal([1, 2, 3, 4].map(phone), tv)).toMatch(/Mobiles/);
  });

  it("takes a product already on the list (even a full one) without a second copy", () => {
    const list = [1, 2, 3, 4].map(phone);
    expect(compareRefusal(list, phone(2))).toBeNull();
    expect(addToCompareList(list, phone(2))).toEqual({ list });
  });
});

describe("parseStoredCompareList", () => {
  it("reads what the store wrote", () => {
    const list = [phone(1), phone(2)];
    expect(parseStoredCompareList(JSON.stringify(list))).toEqual(list);
  });

  it.each([null, "", "not json", "{}", "42", '"text"'])("reads %j as empty", (raw) => {
    expect(parseStoredCompareList(raw)).toEqual([]);
  });

  it("drops bad entries, repeats, other categories and more than 4", () => {
    const raw = JSON.stringify([
      phone(1),
      { id: "not-an-id", name: "x", category: "mobiles" },
      { id: id(3), name: 3, category: "mobiles" },
      null,
      phone(1),
      { id: id(7), name: "TV", category: "television" },
      phone(2),
      phone(4),
      phone(5),
      phone(6),
    ]);
    expect(parseStoredCompareList(raw).map((item) => item.id)).toEqual([id(1), id(2), id(4), id(5)]);
  });
});

describe("parseCompareIds", () => {
  it("keeps row ids in order, lower-cased, without repeats", () => {
    expect(parseCompareIds(`${id(2)}, ${id(1).toUpperCase()},${id(2)}`)).toEqual({ ids: [id(2), id(1)], dropped: 0 });
  });

  it("drops malformed ids and counts them", () => {
    expect(parseCompareIds(`abc,${id(1)},,1;DROP TABLE,${id(2)}`)).toEqual({ ids: [id(1), id(2)], dropped: 2 });
  });

  it("cuts past 4 and counts the cut", () => {
    expect(parseCompareIds([1, 2, 3, 4, 5, 6].map(id).join(","))).toEqual({ ids: [1, 2, 3, 4].map(id), dropped: 2 });
  });

  it("reads a repeated parameter and a missing one", () => {
    expect(parseCompareIds([id(1), id(2)]).ids).toEqual([id(1), id(2)]);
    expect(parseCompareIds(undefined)).toEqual({ ids: [], dropped: 0 });
  });

  it("round-trips through compareHref", () => {
    const ids = [id(3), id(1)];
    expect(compareHref(ids)).toBe(`/compare?ids=${id(3)},${id(1)}`);
    expect(parseCompareIds(new URL(compareHref(ids), "http://x").searchParams.get("ids") ?? undefined).ids).toEqual(ids);
    expect(compareHref([])).toBe("/compare");
  });
});

describe("bestIndexes", () => {
  it.each([
    [[8, 12, 6], "higher", [1]],
    [[8, 12, 6], "lower", [2]],
    [[12, 8, 12], "higher", [0, 2]],
    [[5000, null, 4000], "higher", [0]],
    [[5000, null, 5000], "higher", [0, 2]],
    [[8, 8, 8], "higher", []],
    [[8, 12], null, []],
    [[8, null, null], "higher", []],
    [[0, -1, 3], "lower", [1]],
  ] as const)("%j, %s is better: %j", (values, better, expected) => {
    expect(bestIndexes(values, better)).toEqual(expected);
  });
});

describe("valuesDiffer", () => {
  it.each([
    [["8 GB", "8 GB", "8 GB"], false],
    [["8 GB", "12 GB", "8 GB"], true],
    [["Yes", null], true],
    [[null, null], false],
    [["a"], false],
  ] as const)("%j: %s", (values, differ) => {
    expect(valuesDiffer(values)).toBe(differ);
  });
});

const definition = (key: string, overrides: Partial<SpecDefinition>): SpecDefinition => ({
  key,
  label: key,
  group: "General",
  type: "text",
  unit: null,
  unitCode: null,
  choices: [],
  min: null,
  max: null,
  decimals: 0,
  buckets: [],
  filterable: false,
  comparable: true,
  better: null,
  position: 0,
  ...overrides,
});

describe("compareSpecRows", () => {
  const definitions = [
    definition("five_g", { label: "5G", group: "Connectivity", type: "boolean", position: 4 }),
    definition("ram_gb", { label: "RAM", group: "Memory", type: "number", unit: "GB", better: "higher", position: 1 }),
    definition("storage_gb", { label: "Storage", group: "Memory", type: "number", unit: "GB", better: "higher", position: 2 }),
    definition("weight_g", { label: "Weight", group: "Design", type: "number", unit: "g", better: "lower", position: 3 }),
    definition("colour", { label: "Colour", group: "Design", position: 5, comparable: false }),
    definition("unused", { label: "Unused", group: "Other", position: 6 }),
  ];
  const products: { specs: SpecValues }[] = [
    { specs: { five_g: true, ram_gb: 8, storage_gb: 128, weight_g: 180, colour: "Red" } },
    { specs: { five_g: true, ram_gb: 12, storage_gb: 128, colour: "Blue" } },
    { specs: { five_g: true, ram_gb: 12, storage_gb: 256, weight_g: 170 } },
  ];
  const groups = compareSpecRows(definitions, products);

  it("groups the comparable rows in the definitions' order, leaving out rows nobody fills", () => {
    expect(groups.map((group) => [group.group, group.rows.map((row) => row.key)])).toEqual([
      ["Memory", ["ram_gb", "storage_gb"]],
      ["Design", ["weight_g"]],
      ["Connectivity", ["five_g"]],
    ]);
  });

  it("shows each value in words, a blank as null", () => {
    const weight = groups[1]!.rows[0]!;
    expect(weight.cells.map((cell) => cell.text)).toEqual(["180 g", null, "170 g"]);
  });

  it("marks the best numbers by the definition's preference, ties included", () => {
    const marks = (key: string) => groups.flatMap((group) => group.rows).find((row) => row.key === key)!.cells.map((cell) => cell.best);
    expect(marks("ram_gb")).toEqual([false, true, true]);
    expect(marks("storage_gb")).toEqual([false, false, true]);
    expect(marks("weight_g")).toEqual([false, false, true]);
    expect(marks("five_g")).toEqual([false, false, false]);
  });

  it("says which rows and groups differ", () => {
    const differs = Object.fromEntries(groups.flatMap((group) => group.rows).map((row) => [row.key, row.differs]));
    expect(differs).toEqual({ ram_gb: true, storage_gb: true, weight_g: true, five_g: false });
    expect(groups.map((group) => group.differs)).toEqual([true, true, false]);
  });
});
