import { z } from "zod";
import { CATEGORY_VALUES } from "./categories";
import { SPEC_CHOICE_MAX, SPEC_CHOICES_MAX, SPEC_BUCKETS_MAX, SPEC_TYPES, SPEC_DEFINITIONS_MAX } from "./specs";
import { plainText, rowId } from "../schemas";

// The bodies of the specification-definition endpoints (the admin's screens send these). The
// rules of a definition as a whole are definitionProblems (specs.ts), checked on the server after these.

export const specCategorySchema = z.enum(CATEGORY_VALUES, { error: "Choose a category from the list" });

const nullableText = (field: string, max: number) =>
  z
    .union([z.string({ error: `${field} must be text` }).trim().max(max, `${field} must be at most ${max} characters`).refine(...plainText(field)), z.null()], { error: `${field} must be text` })
    .transform((value) => (value === "" ? null : value))
    .default(null);

const nullableNumber = (field: string) =>
  z
    .union([z.number({ error: `${field} must be a number` }), z.string().trim(), z.null()], { error: `${field} must be a number` })
    .transform((value, context) => {
      if (value === null || value === "") return null;
      const number = typeof value === "number" ? value : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isFinite(number)) {
        context.addIssue({ code: "custom", message: `${field} must be a number` });
        return z.NEVER;
      }
      return number;
    })
    .default(null);

const definitionFields = {
  key: z.string({ error: "Key is required" }).trim().min(1, "Key is required").max(40, "Key must be at most 40 characters"),
  label: z.string({ error: "Label is required" }).trim().min(1, "Label is required").max(60, "Label must be at most 60 characters").refine(...plainText("Label")),
  group: z.string({ error: "Group is required" }).trim().min(1, "Group is required").max(40, "Group must be at most 40 characters").refine(...plainText("Group")),
  type: z.enum(SPEC_TYPES, { error: "Type must be one of number, choice, multi, boolean, text" }),
  unit: nullableText("Unit", 20),
  unitCode: nullableText("Unit code", 3),
  choices: z
    .array(z.string({ error: "Each choice must be text" }).trim().max(SPEC_CHOICE_MAX, `Each choice must be at most ${SPEC_CHOICE_MAX} characters`).refine(...plainText("A choice")), { error: "Choices must be a list" })
    .max(SPEC_CHOICES_MAX, `At most ${SPEC_CHOICES_MAX} choices`)
    .default([]),
  min: nullableNumber("The lowest value"),
  max: nullableNumber("The highest value"),
  decimals: z.number({ error: "Decimals must be 0, 1 or 2" }).int("Decimals must be 0, 1 or 2").min(0, "Decimals must be 0, 1 or 2").max(2, "Decimals must be 0, 1 or 2").default(0),
  buckets: z.array(z.number({ error: "Each range edge must be a number" }), { error: "Ranges must be a list of numbers" }).max(SPEC_BUCKETS_MAX, `At most ${SPEC_BUCKETS_MAX} ranges`).default([]),
  filterable: z.boolean({ error: "Filterable must be true or false" }).default(true),
  comparable: z.boolean({ error: "Comparable must be true or false" }).default(true),
  better: z.enum(["higher", "lower"], { error: "Better must be higher, lower or null" }).nullable().default(null),
};

/** POST /api/admin-spec-definitions: a new definition for a category. */
export const createSpecDefinitionSchema = z.object({ category: specCategorySchema, ...definitionFields });
/** PUT /api/admin-spec-definitions: a definition changed (its key and type stay). */
export const updateSpecDefinitionSchema = z.object({ id: rowId("id"), ...definitionFields });
/** POST /api/retire-spec-definition. */
export const retireSpecDefinitionSchema = z.object({ id: rowId("id"), retired: z.boolean({ error: "retired must be true or false" }) });
/** POST /api/reorder-spec-definitions: every key of the category, in the new order. */
export const reorderSpecDefinitionsSchema = z.object({
  category: specCategorySchema,
  keys: z.array(z.string({ error: "Each key must be text" }).max(40), { error: "keys must be a list" }).min(1, "keys must list the category's specifications").max(SPEC_DEFINITIONS_MAX, `At most ${SPEC_DEFINITIONS_MAX} keys`),
});
/** GET ?category=… */
export const specCategoryQuerySchema = z.object({ category: specCategorySchema });
