import { readConfig } from "./config";

// Where a request comes from, for the second line of defence behind the JSON-only rule and
// SameSite cookies: a state-changing API call from another site is refused, unless that site is
// one of the deployer's own front ends (ALLOWED_ORIGINS). No "server-only": proxy.ts uses it.

let cached: { key: string; site: string; allowed: readonly string[] } | undefined;

/** The store's origin and ALLOWED_ORIGINS, read once per value of the two variables. */
function origins(): { site: string; allowed: readonly string[] } {
  const key = `${process.env.SITE_URL}\n${process.env.ALLOWED_ORIGINS}`;
  if (cached?.key !== key) {
    const config = readConfig();
    cached = { key, site: new URL(config.siteUrl).origin, allowed: config.allowedOrigins };
  }
  return cached;
}

/** The origins whose pages may call the API with the shopper's cookie: the store's own and ALLOWED_ORIGINS. */
export function isTrustedOrigin(origin: string): boolean {
  const { site, allowed } = origins();
  return origin === site || allowed.includes(origin);
}

/** An origin listed in ALLOWED_ORIGINS (CORS with credentials is answered for these only). */
export function isAllowedCorsOrigin(origin: string | null): origin is string {
  return origin !== null && origins().allowed.includes(origin);
}

/**
 * Whether a browser sent this request from a page of another site. The browser's own word
 * (Sec-Fetch-Site, which pages cannot forge) decides first; then the Origin header against the
 * trusted origins. A request with neither comes from no browser page (a script, a mobile app,
 * curl), which carries no shopper's cookie by accident, and passes.
 */
export function isCrossSiteRequest(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site === "same-origin" || site === "none") return false;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === "null" || !isTrustedOrigin(origin);
  return site === "cross-site" || site === "same-site";
}
