// The products a visitor opened last (issue 40), kept in the browser only: their ids, newest first,
// at most RECENTLY_VIEWED_MAX. The rows that show them ask the server for those ids alone.
import { isRowId } from "@/lib/shared/row-id";
import { storedEntries } from "@/lib/shared/stored-json";

export const RECENTLY_VIEWED_MAX = 12;
export const RECENTLY_VIEWED_STORAGE_KEY = "volt-recently-viewed";

/** The stored list, read defensively: ids only, each once, at most RECENTLY_VIEWED_MAX. */
export function parseRecentlyViewed(raw: string | null): string[] {
  const ids = storedEntries(raw).filter(isRowId).map((id) => id.toLowerCase());
  return [...new Set(ids)].slice(0, RECENTLY_VIEWED_MAX);
}

/** The list after viewing `id`: it goes first, once; the oldest fall off past the limit. */
export function withViewed(list: readonly string[], id: string): string[] {
  const viewed = id.toLowerCase();
  return [viewed, ...list.filter((other) => other !== viewed)].slice(0, RECENTLY_VIEWED_MAX);
}

/** The `ids` parameter of GET /api/recently-viewed: comma-separated product ids; null when malformed or too many. */
export function parseViewedIds(raw: string | null): string[] | null {
  if (raw === null || raw.trim() === "") return [];
  const parts = raw.split(",").map((part) => part.trim().toLowerCase());
  if (parts.length > RECENTLY_VIEWED_MAX || !parts.every(isRowId)) return null;
  return [...new Set(parts)];
}
