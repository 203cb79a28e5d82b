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

/** "q" and the normalized query in base64url: one path segment whatever the shopper typed. */
export function searchKey(raw: string | null | undefined): string {
  const bytes = new TextEncoder().encode(normalizeSearchQuery(raw));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `q${btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`;
}

/** The query a key stands for, or null when it is not the key of any query (a hand-made address). */
export function parseSearchKey(key: string): string | null {
  if (!/^q[A-Za-z0-9_-]*$/.test(key)) return null;
  try {
    const binary = atob(key.slice(1).replace(/-/g, "+").replace(/_/g, "/"));
    const query = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    return searchKey(query) === key ? query : null;
  } catch {
    return null;
  }
}
