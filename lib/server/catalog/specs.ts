import "server-only";
import type { Product, SpecDefinition as SpecDefinitionRow } from "@/lib/generated/prisma/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { checkSpecValues, definitionProblems, SPEC_DEFINITIONS_MAX, type SpecDefinition, type SpecType, type SpecValues } from "@/lib/catalog/specs";
import { db } from "../platform/db";
import { conflict, HttpError, notFound } from "../platform/http";
import { cacheCatalogRead, CATALOG_TAGS, changeCatalog, changeCatalogIn } from "./cache";
import { isRowId, toDetailedProduct, type PublicProduct } from "./catalog";

// Each category's specification definitions (lib/catalog/specs.ts has the rules) and the check of
// a product's values against them. Definitions are catalogue data: every write goes through
// changeCatalog, so pages and filters on every instance follow at once.

/** A definition as the admin's screens and the API show it: the shared shape plus its row's id and retirement. */
export type PublicSpecDefinition = SpecDefinition & { id: string; category: string; retired: boolean };

export const SPEC_DEFINITION_NOT_FOUND = "Specification not found";

export function toSpecDefinition(row: SpecDefinitionRow): PublicSpecDefinition {
  return {
    id: row.id,
    category: row.category,
    key: row.key,
    label: row.label,
    group: row.group,
    type: row.type as SpecType,
    unit: row.unit,
    unitCode: row.unitCode,
    choices: row.choices,
    min: row.min,
    max: row.max,
    decimals: row.decimals,
    buckets: row.buckets,
    filterable: row.filterable,
    comparable: row.comparable,
    better: row.better as SpecDefinition["better"],
    position: row.position,
    retired: row.retiredAt !== null,
  };
}

/** A category's definitions in order: live ones only, or (the admin's view) retired ones too. */
export async function listSpecDefinitions(category: string, withRetired = false, client: Prisma.TransactionClient = db): Promise<PublicSpecDefinition[]> {
  const rows = await client.specDefinition.findMany({
    where: { category, ...(withRetired ? {} : { retiredAt: null }) },
    orderBy: [{ position: "asc" }, { key: "asc" }],
  });
  return rows.map(toSpecDefinition);
}

/**
 * The product page's data in one cache entry: the product with its details and specifications, and
 * its category's live definitions (one cache read per render: a second entry for the definitions
 * cost the page's first render about 5 ms at the median).
 */
export async function getProductWithSpecs(id: string): Promise<{ product: PublicProduct; definitions: PublicSpecDefinition[] } | null> {
  "use cache";
  cacheCatalogRead(CATALOG_TAGS.product(id));
  if (!isRowId(id)) return null;
  // One round trip: the row and its category's live definitions (as JSON, in order).
  const [row] = await db.$queryRaw<(Product & { definitions: (Omit<SpecDefinitionRow, "createdAt" | "updatedAt" | "retiredAt"> & { retiredAt: null })[] })[]>`
    SELECT p.*, coalesce((
      SELECT json_agg(json_build_object('id', d.id, 'category', d.category, 'key', d.key, 'label', d.label, 'group', d."group", 'type', d.type, 'unit', d.unit, 'unitCode', d."unitCode",
               'choices', d.choices, 'min', d.min, 'max', d.max, 'decimals', d.decimals, 'buckets', d.buckets, 'filterable', d.filterable, 'comparable', d.comparable,
               'better', d.better, 'position', d.position, 'retiredAt', d."retiredAt") ORDER BY d.position, d.key)
      FROM "SpecDefinition" d WHERE d.category = p.category AND d."retiredAt" IS NULL), '[]') AS "definitions"
    FROM "Product" p WHERE p.id = ${id}::uuid`;
  if (!row) return null;
  const { definitions, ...product } = row;
  return { product: toDetailedProduct(product), definitions: definitions.map((definition) => toSpecDefinition({ ...definition, createdAt: new Date(0), updatedAt: new Date(0) })) };
}

/** The live definitions of a category, cached with the catalogue (product pages, filters). */
export async function specDefinitionsCached(category: string): Promise<PublicSpecDefinition[]> {
  "use cache";
  cacheCatalogRead(CATALOG_TAGS.category(category));
  return listSpecDefinitions(category);
}

/**
 * Takes the category's definitions lock: `shared` for a product write that checks its values
 * against them (many at once), exclusive for a definition write (alone). Held to the transaction's
 * end, so a choice removed, or bounds narrowed, after no product was found using it cannot meet a
 * product saved with it meanwhile.
 */
export async function lockSpecDefinitions(tx: Prisma.TransactionClient, category: string, shared: boolean): Promise<void> {
  const key = `spec-definitions:${category}`;
  if (shared) await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`;
  else await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`;
}

/** A category's definitions split in two: those products are checked against, and the retired keys (values kept as they are). */
async function definitionsFor(category: string, client: Prisma.TransactionClient): Promise<{ live: PublicSpecDefinition[]; retired: Set<string> }> {
  const all = await listSpecDefinitions(category, true, client);
  return { live: all.filter((definition) => !definition.retired), retired: new Set(all.filter((definition) => definition.retired).map((definition) => definition.key)) };
}

/** The values of `values` whose keys are in `keys`. */
function valuesOf(values: SpecValues, keys: (key: string) => boolean): SpecValues {
  return Object.fromEntries(Object.entries(values).filter(([key]) => keys(key)));
}

/**
 * A product's values checked against its category's definitions (400 naming each bad field as
 * `specs.<key>`), with the values of retired definitions it had (`kept`) carried over untouched.
 * Run inside the product's write, after lockSpecDefinitions(tx, category, true).
 */
export async function checkProductSpecs(tx: Prisma.TransactionClient, category: string, values: Record<string, unknown>, kept: SpecValues = {}): Promise<SpecValues> {
  const { live, retired } = await definitionsFor(category, tx);
  const { values: clean, errors } = checkSpecValues(live, values, retired);
  const keys = Object.keys(errors);
  if (keys.length > 0) {
    throw new HttpError(400, errors[keys[0]!]!, undefined, Object.fromEntries(keys.map((key) => [`specs.${key}`, errors[key]!])));
  }
  return { ...valuesOf(kept, (key) => retired.has(key)), ...clean };
}

/**
 * A product moved to another category without new values: the values that are specifications of
 * the new category, and valid there, stay; the others go (a key of the same name and another type
 * would otherwise be read as the new one's). Inside the write, as checkProductSpecs.
 */
export async function specsForNewCategory(tx: Prisma.TransactionClient, category: string, values: SpecValues): Promise<SpecValues> {
  const { live, retired } = await definitionsFor(category, tx);
  const kept = checkSpecValues(live, valuesOf(values, (key) => live.some((definition) => definition.key === key))).values;
  return { ...valuesOf(values, (key) => retired.has(key)), ...kept };
}

// The admin's writes ------------------------------------------------------------------------------

/** What the admin sends for a definition (the key and type are fixed once it exists). */
export type SpecDefinitionInput = Omit<SpecDefinition, "position">;

function refuseProblems(definition: SpecDefinition): void {
  const problems = definitionProblems(definition);
  const fields = Object.keys(problems);
  if (fields.length > 0) throw new HttpError(400, Object.values(problems)[0]!, undefined, problems as Record<string, string>);
}

function dataOf(input: SpecDefinitionInput) {
  return {
    label: input.label.trim(),
    group: input.group.trim(),
    unit: input.unit?.trim() || null,
    unitCode: input.unitCode,
    choices: input.choices.map((choice) => choice.trim()),
    min: input.min,
    max: input.max,
    decimals: input.decimals,
    buckets: input.buckets,
    filterable: input.filterable,
    comparable: input.comparable,
    better: input.better,
  };
}

/** Adds a definition at the end of its category's list. 409 for a key the category has (retired ones too) or past SPEC_DEFINITIONS_MAX. */
export async function createSpecDefinition(category: string, input: SpecDefinitionInput): Promise<PublicSpecDefinition> {
  refuseProblems({ ...input, position: 0 });
  try {
    const row = await changeCatalogIn(async (tx) => {
        await lockSpecDefinitions(tx, category, false);
        const count = await tx.specDefinition.count({ where: { category } });
        if (count >= SPEC_DEFINITIONS_MAX) throw conflict(`A category has at most ${SPEC_DEFINITIONS_MAX} specifications (retired ones count): retire and reuse one instead.`);
        const last = await tx.specDefinition.aggregate({ where: { category }, _max: { position: true } });
        return tx.specDefinition.create({ data: { category, key: input.key, type: input.type, position: (last._max.position ?? -1) + 1, ...dataOf(input) } });
    });
    return toSpecDefinition(row);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      const message = `This category already has a specification with the key ${input.key}`;
      throw new HttpError(409, message, undefined, { key: message });
    }
    throw error;
  }
}

/**
 * Changes a definition's label, group, unit, choices, bounds, ranges and flags; its key and type
 * stay (products' values are stored by key, in its type). A choice that products still use cannot
 * be removed (409 with how many use it): rename it by adding the new one first.
 */
export async function updateSpecDefinition(id: string, input: SpecDefinitionInput): Promise<PublicSpecDefinition> {
  if (!isRowId(id)) throw notFound(SPEC_DEFINITION_NOT_FOUND);
  const found = await db.specDefinition.findUnique({ where: { id }, select: { category: true } });
  if (!found) throw notFound(SPEC_DEFINITION_NOT_FOUND);
  const row = await changeCatalogIn(async (tx) => {
    // Under the category's lock: no product write checks values against the old definition while
    // this one looks for products that use what it takes away; the definition is read under it too
    // (a choice another admin added meanwhile is one this edit may be removing).
    await lockSpecDefinitions(tx, found.category, false);
    const current = await tx.specDefinition.findUnique({ where: { id } });
    if (!current) throw notFound(SPEC_DEFINITION_NOT_FOUND);
    if (input.key !== current.key || input.type !== current.type) {
      const message = "A specification's key and type cannot change: retire it and add a new one";
      throw new HttpError(400, message, undefined, { type: message });
    }
    refuseProblems({ ...input, position: current.position });
    const removed = current.choices.filter((choice) => !input.choices.map((c) => c.trim()).includes(choice));
    for (const choice of removed) {
      const used = await productsUsingChoice(tx, current.category, current.key, current.type as SpecType, choice);
      if (used > 0) {
        const message = `${used} product${used === 1 ? " uses" : "s use"} the choice "${choice}": change ${used === 1 ? "it" : "them"} first`;
        throw new HttpError(409, message, undefined, { choices: message });
      }
    }
    if (current.type === "number") {
      // Narrower bounds or fewer decimals than products' values: they could no longer be saved.
      const [{ n }] = (await tx.$queryRaw<{ n: number }[]>`
        SELECT count(*)::int AS "n" FROM "Product"
        WHERE category = ${current.category} AND jsonb_typeof(specs -> ${current.key}) = 'number'
          AND ((${input.min}::float8 IS NOT NULL AND (specs ->> ${current.key})::numeric < ${input.min}::float8::numeric)
            OR (${input.max}::float8 IS NOT NULL AND (specs ->> ${current.key})::numeric > ${input.max}::float8::numeric)
            OR round((specs ->> ${current.key})::numeric, ${input.decimals}::int) <> (specs ->> ${current.key})::numeric)`) as [{ n: number }];
      if (n > 0) {
        const message = `${n} product${n === 1 ? " has" : "s have"} a value outside these bounds or decimals: change ${n === 1 ? "it" : "them"} first`;
        throw new HttpError(409, message, undefined, { min: message });
      }
    }
    return tx.specDefinition.update({ where: { id }, data: dataOf(input) });
  });
  return toSpecDefinition(row);
}

async function productsUsingChoice(tx: Prisma.TransactionClient, category: string, key: string, type: SpecType, choice: string): Promise<number> {
  const match = type === "multi" ? JSON.stringify({ [key]: [choice] }) : JSON.stringify({ [key]: choice });
  const [row] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Product" WHERE category = ${category} AND specs @> ${match}::jsonb`;
  return row?.n ?? 0;
}

/** Retires a definition (gone from pages and filters, values kept) or brings it back. */
export async function setSpecDefinitionRetired(id: string, retired: boolean): Promise<PublicSpecDefinition> {
  if (!isRowId(id)) throw notFound(SPEC_DEFINITION_NOT_FOUND);
  const [row] = await changeCatalog(db.specDefinition.updateManyAndReturn({ where: { id }, data: { retiredAt: retired ? new Date() : null } }));
  if (!row) throw notFound(SPEC_DEFINITION_NOT_FOUND);
  return toSpecDefinition(row);
}

/** Puts a category's definitions in the order of `keys` (every key of the category, once). */
export async function reorderSpecDefinitions(category: string, keys: string[]): Promise<PublicSpecDefinition[]> {
  const rows = await db.specDefinition.findMany({ where: { category }, select: { id: true, key: true } });
  const known = new Set(rows.map((row) => row.key));
  if (keys.length !== rows.length || new Set(keys).size !== keys.length || keys.some((key) => !known.has(key))) {
    throw new HttpError(400, "List every specification of the category once, in the new order", undefined, { keys: "List every specification of the category once, in the new order" });
  }
  const byKey = new Map(rows.map((row) => [row.key, row.id]));
  await changeCatalogIn(async (tx) => {
    for (const [position, key] of keys.entries()) await tx.specDefinition.update({ where: { id: byKey.get(key)! }, data: { position } });
  });
  return listSpecDefinitions(category, true);
}
