import type { IncomingHttpHeaders } from "node:http";

// What the front door's two stores of ready answers (page-cache.ts: pages and catalogue answers;
// static-files.ts: the build's files) negotiate alike with the client: the encoding it prefers
// among those held, and whether its If-None-Match names what it has.
// No "server-only": it runs outside Next's bundles.

export type Encoding = "br" | "gzip" | "identity";

/** Which of the encodings a file has the client prefers (RFC 9110 §12.5.3), brotli on a tie. */
export function chooseEncoding(acceptEncoding: string | string[] | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(",") : acceptEncoding;
  if (!header) return "identity";
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [rawName, ...params] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let weight = 1;
    for (const param of params) {
      const [key, value] = param.split("=").map((text) => text.trim().toLowerCase());
      if (key !== "q") continue;
      // A malformed weight accepts nothing: the file as it is always remains.
      weight = value !== undefined && /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : 0;
    }
    const key = name === "x-gzip" ? "gzip" : name;
    q.set(key, Math.max(weight, q.get(key) ?? 0));
  }
  const star = q.get("*");
  const weightOf = (name: "br" | "gzip") => q.get(name) ?? star ?? 0;
  // Unlisted, the file as it is is acceptable but wanted least; it is sent when nothing else is.
  const identity = q.get("identity") ?? (star === 0 ? 0 : 0.0001);
  let best: Encoding = "identity";
  let bestWeight = identity;
  for (const name of ["br", "gzip"] as const) {
    const weight = weightOf(name);
    if (available[name] && weight > 0 && weight >= bestWeight && (best === "identity" || weight > bestWeight)) {
      best = name;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether `If-None-Match` names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  for (const tag of ifNoneMatch.split(",")) {
    const trimmed = tag.trim();
    if (trimmed === "*" || (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === etag) return true;
  }
  return false;
}

/** Whether the request's If-None-Match names `etag` (a 304 then). */
export function notModified(headers: IncomingHttpHeaders, etag: string): boolean {
  const ifNoneMatch = headers["if-none-match"];
  return ifNoneMatch !== undefined && etagMatches(ifNoneMatch, etag);
}
