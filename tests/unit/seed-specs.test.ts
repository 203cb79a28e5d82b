// The seed's specification definitions (prisma/spec-definitions.ts) and its products' values for them
// (prisma/catalogue-specs.ts): every definition valid by the admin's own rules, every product's values
// accepted as they are, and the generator's samples too.
import { describe, expect, it } from "vitest";
import { CATEGORY_VALUES, type Category } from "@/lib/catalog/categories";
import { bucketLabel, checkSpecValues, definitionProblems, MPN_PATTERN, type SpecDefinition, SPEC_DEFINITIONS_MAX } from "@/lib/catalog/specs";
import { SEED_PRODUCTS } from "../../prisma/catalogue";
import { SEED_SPECS } from "../../prisma/catalogue-specs";
import { SEED_SPEC_DEFINITIONS } from "../../prisma/spec-definitions";

/** A category's definitions as the seed stores them: position is the index, samples left out. */
function definitionsOf(category: Category): SpecDefinition[] {
  return SEED_SPEC_DEFINITIONS[category].map(({ samples: _samples, ...definition }, position) => ({ ...definition, position }));
}

const byCategory = CATEGORY_VALUES.map((category) => [category, definitionsOf(category)] as const);
const everyDefinition = byCategory.flatMap(([category, definitions]) => definitions.map((definition) => [category, definition] as const));
const products = SEED_PRODUCTS.map((product) => [product.sku, product] as const);

describe("SEED_SPEC_DEFINITIONS", () => {
  it.each(byCategory)("%s has 5 to 9 definitions with unique keys", (_category, definitions) => {
    expect(definitions.length).toBeGreaterThanOrEqual(5);
    expect(definitions.length).toBeLessThanOrEqual(Math.min(9, SPEC_DEFINITIONS_MAX));
    expect(new Set(definitions.map((definition) => definition.key)).size).toBe(definitions.length);
  });

  it("has no categories besides CATEGORY_VALUES", () => {
    expect(Object.keys(SEED_SPEC_DEFINITIONS).sort()).toEqual([...CATEGORY_VALUES].sort());
  });

  it.each(everyDefinition.map(([category, definition]) => [`${category}.${definition.key}`, definition] as const))("%s is a valid definition", (_name, definition) => {
    expect(definitionProblems(definition)).toEqual({});
    if (definition.type === "text") expect(definition.filterable).toBe(false);
    if (definition.type !== "number") return;
    expect(definition.min).not.toBeNull();
    expect(definition.max).not.toBeNull();
    expect(definition.buckets.length).toBeGreaterThanOrEqual(3);
    expect(definition.buckets.length).toBeLessThanOrEqual(7);
    // The edges lie within the bounds, and have no more decimals than the values.
    expect(definition.buckets[0]!).toBeGreaterThanOrEqual(definition.min!);
    expect(definition.buckets.at(-1)!).toBeLessThanOrEqual(definition.max!);
    for (const edge of definition.buckets) expect(checkSpecValues([definition], { [definition.key]: edge }).errors).toEqual({});
    for (const [i] of definition.buckets.entries()) expect(bucketLabel(definition, i)).toMatch(/^\d/);
  });

  it("has a multi and a short text somewhere, and a multi in most categories", () => {
    const types = everyDefinition.map(([, definition]) => definition.type);
    expect(types).toContain("text");
    expect(types).toContain("multi");
    expect(byCategory.filter(([, definitions]) => definitions.some((definition) => definition.type === "multi")).length).toBeGreaterThanOrEqual(10);
  });

  it.each(CATEGORY_VALUES)("%s's samples are values its definitions accept as they are", (category) => {
    for (const { samples, ...rest } of SEED_SPEC_DEFINITIONS[category]) {
      const definition: SpecDefinition = { ...rest, position: 0 };
      // A boolean's are both answers; a choice's may be fewer than 4 where fewer fit the category (airpodes are all true wireless).
      if (definition.type === "boolean") expect(samples, definition.key).toEqual([true, false]);
      else if (definition.type === "choice") expect(samples.length, definition.key).toBeGreaterThanOrEqual(1);
      else expect(samples.length, definition.key).toBeGreaterThanOrEqual(definition.type === "multi" ? Math.min(4, 2 ** definition.choices.length - 1) : 4);
      expect(samples.length, definition.key).toBeLessThanOrEqual(10);
      for (const sample of samples) {
        const { values, errors } = checkSpecValues([definition], { [definition.key]: sample });
        expect(errors, `${category}.${definition.key} sample ${JSON.stringify(sample)}`).toEqual({});
        expect(values, `${category}.${definition.key} sample ${JSON.stringify(sample)}`).toEqual({ [definition.key]: sample });
        if (definition.type === "number") expect(sample as number, `${category}.${definition.key} sample`).toBeGreaterThanOrEqual(definition.buckets[0]!);
      }
    }
  });
});

describe("SEED_SPECS", () => {
  it("has an entry for every seeded product and for no other SKU", () => {
    expect(Object.keys(SEED_SPECS).sort()).toEqual(SEED_PRODUCTS.map((product) => product.sku).sort());
  });

  it.each(products)("%s's values pass its category's definitions unchanged", (sku, product) => {
    const definitions = definitionsOf(product.category);
    const { specs, mpn } = SEED_SPECS[sku]!;
    const { values, errors } = checkSpecValues(definitions, specs);
    expect(errors).toEqual({});
    expect(values).toEqual(specs);
    for (const definition of definitions) {
      const value = specs[definition.key];
      if (definition.type === "number" && value !== undefined) expect(value as number, definition.key).toBeGreaterThanOrEqual(definition.buckets[0]!);
    }
    expect(mpn).toMatch(MPN_PATTERN);
  });

  const keys = everyDefinition.map(([category, definition]) => [`${category}.${definition.key}`, category, definition.key] as const);
  it.each(keys)("%s is filled by at least one seeded product", (_name, category, key) => {
    const filled = SEED_PRODUCTS.filter((product) => product.category === category && SEED_SPECS[product.sku]?.specs[key] !== undefined);
    expect(filled.length).toBeGreaterThan(0);
  });

  it("gives every product its own part number", () => {
    const mpns = Object.values(SEED_SPECS).map((entry) => entry.mpn);
    expect(new Set(mpns).size).toBe(mpns.length);
  });
});
