// Any text as one URL path segment of [A-Za-z0-9_-] and back: the search and category pages' keys
// (proxy.ts rewrites their addresses to them).

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
