// The search page's query (docs/PRODUCT.md §2.7: /search?q=…) and the key that proxy.ts rewrites it to, so that
// each query is one cacheable page (/search/{key}), as the category page does with its selection.
import { SEARCH_QUERY_MAX_LENGTH } from "../constants";

/** Trims and caps a query; control characters go (Postgres refuses NUL), whitespace runs become one space. */
export function normalizeSearchQuery(raw: string | null | undefined): string {
  return (raw ?? "")
    .replace(/[\u0000-\u001f\u007f]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, SEARCH_QUERY_MAX_LENGTH);
}

/** Text in base64url (UTF-8): any text as one path segment of [A-Za-z0-9_-]. */
export function toBase64url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The text of a base64url segment, or null when it is not one (a hand-made address). */
export function fromBase64url(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(segment)) return null;
  try {
    const binary = atob(segment.replace(/-/g, "+").replace(/_/g, "/"));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
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
