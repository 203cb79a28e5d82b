// Comparison (issue 39): the shopper's list of products to compare and the compare page's rows.
// Pure, so the list's store (components/compare/), the page and the tests share one set of rules.
import { categoryLabel } from "./categories";
import { formatSpecValue, type SpecDefinition, type SpecValue, type SpecValues } from "./specs";
import { isRowId } from "@/lib/shared/row-id";
import { storedEntries } from "@/lib/shared/stored-json";

/** The most products one comparison holds. */
export const COMPARE_MAX = 4;

/** What the list keeps of a product: enough for the bar and the category rule, nothing that goes stale (prices, stock). */
export type CompareItem = { id: string; name: string; category: string };


/** Why a product cannot join the list, or null when it can (already in it: it can, nothing changes). */
export function compareRefusal(list: readonly CompareItem[], item: CompareItem): string | null {
  if (list.some((entry) => entry.id === item.id)) return null;
  const other = list.find((entry) => entry.category !== item.category);
  if (other) return `You can compare products of one category: remove the ${categoryLabel(other.category)} products first, or compare them on their own.`;
  if (list.length >= COMPARE_MAX) return `You can compare up to ${COMPARE_MAX} products: remove one first.`;
  return null;
}

/** The list with the product added at the end, or the reason it is refused. */
export function addToCompareList(list: readonly CompareItem[], item: CompareItem): { list: CompareItem[] } | { refused: string } {
  const refused = compareRefusal(list, item);
  if (refused) return { refused };
  return { list: list.some((entry) => entry.id === item.id) ? [...list] : [...list, item] };
}

/**
 * The list as stored in the browser, checked: anything that is not a list of { id, name,
 * category } with a row id is dropped, duplicates and products of another category than the
 * first go, and it is cut to COMPARE_MAX (a hand-edited or older entry never breaks the page).
 */
export function parseStoredCompareList(raw: string | null): CompareItem[] {
  const list: CompareItem[] = [];
  for (const entry of storedEntries(raw)) {
    if (typeof entry !== "object" || entry === null) continue;
    const { id, name, category } = entry as Record<string, unknown>;
    if (!isRowId(id) || typeof name !== "string" || typeof category !== "string" || !category) continue;
    const item = { id: id.toLowerCase(), name: name.slice(0, 200), category };
    if (compareRefusal(list, item) === null && !list.some((other) => other.id === item.id)) list.push(item);
  }
  return list;
}

/**
 * The compare page's `ids` parameter: comma-separated row ids, in order. Malformed ones and
 * repeats are dropped and more than COMPARE_MAX cut; `dropped` counts the malformed and the cut
 * (a repeat loses nothing).
 */
export function parseCompareIds(raw: string | string[] | undefined): { ids: string[]; dropped: number } {
  const parts = (Array.isArray(raw) ? raw.join(",") : (raw ?? ""))
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)
    .slice(0, 50);
  const ids: string[] = [];
  let malformed = 0;
  for (const part of parts) {
    if (!isRowId(part)) malformed += 1;
    else if (!ids.includes(part)) ids.push(part);
  }
  const kept = ids.slice(0, COMPARE_MAX);
  return { ids: kept, dropped: malformed + ids.length - kept.length };
}

/** The compare page's address for these products. */
export function compareHref(ids: readonly string[]): string {
  return ids.length === 0 ? "/compare" : `/compare?ids=${ids.join(",")}`;
}

/**
 * The columns whose number is the best (the highest or the lowest, as `better` says); ties are all
 * best. None when the row has no preference, fewer than two numbers to weigh, or all are equal
 * (nothing stands out).
 */
export function bestIndexes(values: readonly (number | null | undefined)[], better: "higher" | "lower" | null): number[] {
  if (!better) return [];
  const numbers = values.flatMap((value, index) => (typeof value === "number" && Number.isFinite(value) ? [{ value, index }] : []));
  if (numbers.length < 2) return [];
  const best = better === "higher" ? Math.max(...numbers.map((n) => n.value)) : Math.min(...numbers.map((n) => n.value));
  const winners = numbers.filter((n) => n.value === best).map((n) => n.index);
  return winners.length === numbers.length && numbers.length === values.length ? [] : winners;
}

/** Whether a row's values (as shown, a blank as null) are not all the same. */
export function valuesDiffer(values: readonly (string | null)[]): boolean {
  return values.some((value) => value !== values[0]);
}

export type CompareCell = { text: string | null; best: boolean };
export type CompareRow = { key: string; label: string; cells: CompareCell[]; differs: boolean };
export type CompareGroup = { group: string; rows: CompareRow[]; differs: boolean };

/**
 * The specification rows of a comparison: the comparable definitions in order, grouped, each a
 * cell per product (its value in words, null when blank), the best numbers marked. A row that no
 * product fills is left out, and a group without rows.
 */
export function compareSpecRows(definitions: readonly SpecDefinition[], products: readonly { specs?: SpecValues }[]): CompareGroup[] {
  const groups = new Map<string, CompareRow[]>();
  for (const definition of [...definitions].sort((a, b) => a.position - b.position)) {
    if (!definition.comparable) continue;
    const values: (SpecValue | undefined)[] = products.map((product) => product.specs?.[definition.key]);
    if (values.every((value) => value === undefined)) continue;
    const texts = values.map((value) => (value === undefined ? null : formatSpecValue(definition, value)));
    const best = definition.type === "number" ? bestIndexes(values.map((value) => (typeof value === "number" ? value : null)), definition.better) : [];
    const row: CompareRow = {
      key: definition.key,
      label: definition.label,
      cells: texts.map((text, index) => ({ text, best: best.includes(index) })),
      differs: valuesDiffer(texts),
    };
    groups.set(definition.group, [...(groups.get(definition.group) ?? []), row]);
  }
  return [...groups].map(([group, rows]) => ({ group, rows, differs: rows.some((row) => row.differs) }));
}
