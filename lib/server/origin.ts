import { readConfig } from "./config";

// Where a request comes from, for the second line of defence behind the JSON-only rule and
// SameSite cookies: a state-changing API call from another site is refused, unless that site is
// one of the deployer's own front ends (ALLOWED_ORIGINS). No "server-only": proxy.ts uses it.

/** The origins whose pages may call the API with the shopper's cookie: the store's own and ALLOWED_ORIGINS. */
export function isTrustedOrigin(origin: string): boolean {
  const config = readConfig();
  return origin === new URL(config.siteUrl).origin || config.allowedOrigins.includes(origin);
}

/** An origin listed in ALLOWED_ORIGINS (CORS with credentials is answered for these only). */
export function isAllowedCorsOrigin(origin: string | null): origin is string {
  return origin !== null && readConfig().allowedOrigins.includes(origin);
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
