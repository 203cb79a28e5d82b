// Typed specifications: each category's definitions (RAM in GB, panel type, 5G…) and a product's
// values for them. Pure and free of zod, so the product page, the admin's form and the server share
// one set of rules. The server keeps the definitions in SpecDefinition rows and a product's values
// in Product.specs (JSON keyed by definition key); lib/server/catalog/specs.ts reads and writes them.
import { isTrackingParam, RESERVED_FILTER_KEYS } from "./facets";

export const SPEC_TYPES = ["number", "choice", "multi", "boolean", "text"] as const;
export type SpecType = (typeof SPEC_TYPES)[number];

/** How a type is named in the admin's screens. */
export const SPEC_TYPE_LABELS: Record<SpecType, string> = {
  number: "Number with a unit",
  choice: "One choice of a list",
  multi: "Several choices",
  boolean: "Yes or no",
  text: "Short text",
};

/** A definition's key: lower case, digits and underscores (a URL's filter name and the values' JSON key). */
export const SPEC_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const SPEC_LABEL_MAX = 60;
export const SPEC_GROUP_MAX = 40;
export const SPEC_UNIT_MAX = 20;
export const SPEC_CHOICE_MAX = 60;
/** The most choices one definition may list. */
export const SPEC_CHOICES_MAX = 40;
/** The most choices of a several-choices definition (a product's picks are kept as a 32-bit mask by the filters). */
export const SPEC_MULTI_CHOICES_MAX = 32;
/** The most range buckets a number definition may have. */
export const SPEC_BUCKETS_MAX = 12;
/** A short-text value's longest. */
export const SPEC_TEXT_MAX = 120;
/** The most definitions one category may have (retired ones included). */
export const SPEC_DEFINITIONS_MAX = 40;
/** The largest magnitude a number value may have, whatever its definition says. */
export const SPEC_NUMBER_LIMIT = 1_000_000_000;

export type SpecDefinition = {
  key: string;
  label: string;
  /** The table's group on the product page (Display, Performance, Battery…). */
  group: string;
  type: SpecType;
  /** Shown after a number ("GB", "inches", "Hz"); null for a bare count. */
  unit: string | null;
  /** The UN/CEFACT common code for the unit (E34 gigabyte, INH inch, HTZ hertz…), for the JSON-LD. */
  unitCode: string | null;
  /** The list a choice or several choices come from, in display order. */
  choices: string[];
  /** A number's bounds (inclusive) and its decimal places (0–2). */
  min: number | null;
  max: number | null;
  decimals: number;
  /**
   * A number's filter ranges, by their lower edges in ascending order: [4, 6, 8, 12] gives
   * "4–5 GB" (4 ≤ v < 6), "6–7 GB", "8–11 GB" and "12+ GB"; values under the first edge fall in none.
   */
  buckets: number[];
  filterable: boolean;
  comparable: boolean;
  /** For numbers: whether more or less is better (marked in comparisons); null when neither. */
  better: "higher" | "lower" | null;
  position: number;
};

export type SpecValue = number | string | string[] | boolean;
export type SpecValues = Record<string, SpecValue>;

/** A definition as a product's page shows it: a value in words ("8 GB", "Yes", "Wi-Fi, Bluetooth"). */
export function formatSpecValue(definition: Pick<SpecDefinition, "type" | "unit" | "decimals">, value: SpecValue): string {
  switch (definition.type) {
    case "number": {
      const number = typeof value === "number" ? value : Number(value);
      const shown = number.toLocaleString("en-IN", { maximumFractionDigits: definition.decimals });
      return definition.unit ? `${shown} ${definition.unit}` : shown;
    }
    case "boolean":
      return value === true ? "Yes" : "No";
    case "multi":
      return Array.isArray(value) ? value.join(", ") : String(value);
    default:
      return String(value);
  }
}

/**
 * The label of a number's bucket that starts at `buckets[index]`: "6–7 GB" up to the next edge
 * (less one step of its decimals), "4 GB" when that is one value, "12+ GB" for the last.
 */
export function bucketLabel(definition: Pick<SpecDefinition, "unit" | "buckets" | "decimals">, index: number): string {
  const show = (n: number) => n.toLocaleString("en-IN", { maximumFractionDigits: definition.decimals });
  const edge = definition.buckets[index]!;
  const next = definition.buckets[index + 1];
  const top = next === undefined ? null : Math.round((next - 10 ** -definition.decimals) * 10 ** definition.decimals) / 10 ** definition.decimals;
  const text = top === null ? `${show(edge)}+` : top <= edge ? show(edge) : `${show(edge)}–${show(top)}`;
  return definition.unit ? `${text} ${definition.unit}` : text;
}

/** The bucket a number falls in (its index), or -1 under the first edge. */
export function bucketOf(buckets: number[], value: number): number {
  let found = -1;
  for (let i = 0; i < buckets.length; i++) if (value >= buckets[i]!) found = i;
  return found;
}

/** Why a definition is not valid, by field; empty when it is. Checks the definition alone (not its siblings). */
export function definitionProblems(definition: SpecDefinition): Partial<Record<keyof SpecDefinition, string>> {
  const problems: Partial<Record<keyof SpecDefinition, string>> = {};
  if (!SPEC_KEY_PATTERN.test(definition.key)) problems.key = "Key must start with a letter and have only lower-case letters, digits and _ (at most 40)";
  else if ((RESERVED_FILTER_KEYS as readonly string[]).includes(definition.key)) problems.key = `Key cannot be one of ${RESERVED_FILTER_KEYS.join(", ")}: the filters' addresses use them`;
  else if (isTrackingParam(definition.key)) problems.key = "Key cannot be a campaign parameter (utm_…, gclid, fbclid, ref…): links carry them";
  if (!definition.label.trim() || definition.label.length > SPEC_LABEL_MAX) problems.label = `Label is required, at most ${SPEC_LABEL_MAX} characters`;
  if (!definition.group.trim() || definition.group.length > SPEC_GROUP_MAX) problems.group = `Group is required, at most ${SPEC_GROUP_MAX} characters`;
  if (!SPEC_TYPES.includes(definition.type)) problems.type = "Type must be one of number, choice, multi, boolean, text";
  if (definition.unit !== null && (definition.unit.length > SPEC_UNIT_MAX || !definition.unit.trim())) problems.unit = `Unit must be at most ${SPEC_UNIT_MAX} characters`;
  if (definition.unitCode !== null && !/^[A-Z0-9]{2,3}$/.test(definition.unitCode)) problems.unitCode = "Unit code must be a UN/CEFACT common code (2–3 capitals or digits, e.g. E34)";
  const choices = definition.type === "choice" || definition.type === "multi";
  if (choices) {
    if (definition.choices.length < 2 || definition.choices.length > SPEC_CHOICES_MAX) problems.choices = `List 2 to ${SPEC_CHOICES_MAX} choices`;
    else if (definition.choices.some((choice) => !choice.trim() || choice.length > SPEC_CHOICE_MAX)) problems.choices = `Each choice must be 1 to ${SPEC_CHOICE_MAX} characters`;
    else if (new Set(definition.choices.map((choice) => choice.toLowerCase())).size !== definition.choices.length) problems.choices = "Each choice must be listed once";
    else if (definition.type === "multi" && definition.choices.length > SPEC_MULTI_CHOICES_MAX) problems.choices = `A several-choices list has at most ${SPEC_MULTI_CHOICES_MAX} choices`;
  } else if (definition.choices.length > 0) problems.choices = "Only a choice list has choices";
  if (definition.type === "number") {
    if (!Number.isInteger(definition.decimals) || definition.decimals < 0 || definition.decimals > 2) problems.decimals = "Decimals must be 0, 1 or 2";
    if (definition.min !== null && definition.max !== null && definition.min > definition.max) problems.min = "The lowest value must not be above the highest";
    for (const field of ["min", "max"] as const) {
      const bound = definition[field];
      if (bound !== null && (!Number.isFinite(bound) || Math.abs(bound) > SPEC_NUMBER_LIMIT)) problems[field] = "Bounds must be numbers within ±1,000,000,000";
    }
    const b = definition.buckets;
    if (b.length > SPEC_BUCKETS_MAX) problems.buckets = `At most ${SPEC_BUCKETS_MAX} ranges`;
    else if (b.some((edge, i) => !Number.isFinite(edge) || (i > 0 && edge <= b[i - 1]!))) problems.buckets = "Range edges must be numbers in ascending order";
    if (definition.better !== null && definition.better !== "higher" && definition.better !== "lower") problems.better = "Better must be higher, lower or none";
  } else {
    if (definition.unit !== null || definition.unitCode !== null) problems.unit = "Only a number has a unit";
    if (definition.buckets.length > 0) problems.buckets = "Only a number has ranges";
    if (definition.better !== null) problems.better = "Only a number is better higher or lower";
  }
  if (definition.type === "text" && definition.filterable) problems.filterable = "Short text cannot be filtered by";
  return problems;
}

/**
 * Checks a product's values against its category's live definitions: each known key's value must
 * fit its type (a number within bounds and decimals, a choice from the list…). Unknown keys are
 * errors; keys of retired definitions are kept as they were (`retired`), neither checked nor lost.
 * Returns the cleaned values (trimmed text, choices in the list's order) or the errors by key.
 */
export function checkSpecValues(definitions: SpecDefinition[], values: Record<string, unknown>, retired: ReadonlySet<string> = new Set()): { values: SpecValues; errors: Record<string, string> } {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const clean: SpecValues = {};
  const errors: Record<string, string> = {};
  for (const [key, raw] of Object.entries(values)) {
    if (retired.has(key)) continue;
    const definition = byKey.get(key);
    if (!definition) {
      errors[key] = `${key} is not a specification of this category`;
      continue;
    }
    if (raw === null || raw === undefined || raw === "" || (Array.isArray(raw) && raw.length === 0)) continue; // left blank
    const checked = checkValue(definition, raw);
    if (typeof checked === "object" && checked !== null && "error" in checked) errors[key] = checked.error;
    else clean[key] = checked as SpecValue;
  }
  return { values: clean, errors };
}

function checkValue(definition: SpecDefinition, raw: unknown): SpecValue | { error: string } {
  const { label } = definition;
  switch (definition.type) {
    case "number": {
      const number = typeof raw === "number" ? raw : typeof raw === "string" && /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
      if (!Number.isFinite(number)) return { error: `${label} must be a number` };
      if (Math.abs(number) > SPEC_NUMBER_LIMIT) return { error: `${label} is out of range` };
      // toFixed, not a product with 10^decimals: 2.01 * 100 is 200.99999999999997.
      if (Number(number.toFixed(definition.decimals)) !== number) {
        return { error: definition.decimals === 0 ? `${label} must be a whole number` : `${label} may have at most ${definition.decimals} decimal places` };
      }
      const unit = definition.unit ? ` ${definition.unit}` : "";
      if (definition.min !== null && number < definition.min) return { error: `${label} must be at least ${definition.min}${unit}` };
      if (definition.max !== null && number > definition.max) return { error: `${label} must be at most ${definition.max}${unit}` };
      return number;
    }
    case "choice": {
      const choice = typeof raw === "string" ? definition.choices.find((c) => c.toLowerCase() === raw.trim().toLowerCase()) : undefined;
      return choice ?? { error: `${label} must be one of: ${definition.choices.join(", ")}` };
    }
    case "multi": {
      const list = Array.isArray(raw) ? raw : typeof raw === "string" ? [raw] : null;
      if (!list || list.some((item) => typeof item !== "string")) return { error: `${label} must be a list of choices` };
      const wanted = new Set((list as string[]).map((item) => item.trim().toLowerCase()));
      const picked = definition.choices.filter((choice) => wanted.has(choice.toLowerCase()));
      if (picked.length !== wanted.size) return { error: `${label} must be chosen from: ${definition.choices.join(", ")}` };
      return picked;
    }
    case "boolean":
      if (typeof raw === "boolean") return raw;
      if (raw === "true" || raw === "yes") return true;
      if (raw === "false" || raw === "no") return false;
      return { error: `${label} must be yes or no` };
    case "text": {
      if (typeof raw !== "string") return { error: `${label} must be text` };
      const text = raw.trim();
      if (/[\u0000-\u001f\u007f]/.test(text)) return { error: `${label} must be plain text on one line` };
      if (text.length > SPEC_TEXT_MAX) return { error: `${label} must be at most ${SPEC_TEXT_MAX} characters` };
      return text;
    }
  }
}

/** A product's values as its page's table shows them: the live definitions in order, grouped, blanks left out. */
export function specTable(definitions: SpecDefinition[], values: SpecValues): { group: string; rows: { key: string; label: string; value: string }[] }[] {
  const groups = new Map<string, { key: string; label: string; value: string }[]>();
  for (const definition of [...definitions].sort((a, b) => a.position - b.position)) {
    const value = values[definition.key];
    if (value === undefined) continue;
    const rows = groups.get(definition.group) ?? [];
    rows.push({ key: definition.key, label: definition.label, value: formatSpecValue(definition, value) });
    groups.set(definition.group, rows);
  }
  return [...groups].map(([group, rows]) => ({ group, rows }));
}

// GTIN-13 (EAN-13) ------------------------------------------------------------------------------

/** The check digit of a GTIN's first digits (GS1's mod-10: weights 3 and 1 from the right). */
export function gtinCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/** Whether a string is an EAN-13 with the right check digit. */
export function isEan13(value: string): boolean {
  return /^\d{13}$/.test(value) && gtinCheckDigit(value.slice(0, 12)) === Number(value[12]);
}

/** A manufacturer part number: letters, digits and - / . _ space, 1–40 characters. */
export const MPN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9 ./_-]{0,39}$/;
