// The search page's query (docs/PRODUCT.md §2.7: /search?q=…) and the key that proxy.ts rewrites it to, so that
// each query is one cacheable page (/search/{key}), as the category page does with its selection.
import { SEARCH_QUERY_MAX_LENGTH } from "../constants";
import { toBase64url, fromBase64url } from "@/lib/shared/base64url";

/** Trims and caps a query; control characters go (Postgres refuses NUL), whitespace runs become one space. */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  return (raw ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH);
}

/** "q" and the normalized query in base64url: one path segment whatever the shopper typed. */
export function searchKey(raw: string | null | undefined): string {
  return `q${toBase64url(normalizeSearchQuery(raw))}`;
}

/** The query a key stands for, or null when it is not the key of any query (a hand-made address). */
export function parseSearchKey(key: string): string | null {
  if (!/^q[A-Za-z0-9_-]*$/.test(key)) return null;
  const query = fromBase64url(key.slice(1));
  return query !== null && searchKey(query) === key ? query : null;
}
