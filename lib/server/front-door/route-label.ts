import { findApiRoute } from "../../api-routes";

// The route pattern a request is counted under in the metrics (GET /metrics): never the raw path,
// so made-up addresses cannot make new series. API paths take their pattern from
// lib/api-routes.ts (`/api/get-single-product-details/:id`; any other API path is `/api/*`),
// pages and Next's own route files theirs from the build's list of app routes
// (`/product/[id]`, `/category-product/[view]`), the build's hashed files are `/_next/static/*`,
// and everything else is `other`.
// No "server-only": server/serve.ts loads it outside Next's bundles.

/** The labels that exist besides the API's and the app's route patterns. */
export const FIXED_LABELS = ["/api/*", "/_next/static/*", "/_next/*", "/metrics", "other"] as const;

/**
 * Addresses the store answers that are no app route's own: proxy.ts rewrites the category and
 * search addresses to their cacheable paths (`/category-product?category=…`).
 */
const REWRITTEN = ["/category-product", "/search"];

type Matcher = { pattern: string; test: RegExp };

/** A Next app route (`/product/[id]`, `/docs/[...slug]`, `/x/[[...rest]]`) as a regular expression. */
function compile(pattern: string): RegExp {
  const source = pattern
    .split("/")
    .slice(1)
    .map((segment) => {
      if (/^\[\[\.\.\.[^\]]+\]\]$/.test(segment)) return "(?:/[^?]*)?";
      if (/^\[\.\.\.[^\]]+\]$/.test(segment)) return "/[^?]+";
      if (/^\[[^\]]+\]$/.test(segment)) return "/[^/?]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${source || "/"}$`);
}

/**
 * The labeller of paths for these app routes (the build's app-path-routes-manifest.json values,
 * or the app directory's): static routes first, then dynamic ones, most specific first.
 */
export function routeLabeller(appRoutes: Iterable<string>): (path: string) => string {
  const exact = new Set<string>(REWRITTEN);
  const dynamic: Matcher[] = [];
  for (const pattern of appRoutes) {
    // Next's internal pages (/_not-found, /_global-error) and the API (labelled from api-routes.ts).
    if (pattern.startsWith("/_") || pattern === "/api" || pattern.startsWith("/api/")) continue;
    if (pattern.includes("[")) dynamic.push({ pattern, test: compile(pattern) });
    else exact.add(pattern);
  }
  // Fewer dynamic segments first: `/orders/new` before `/orders/[id]`, `[id]` before `[...rest]`.
  const weight = (pattern: string) => (pattern.match(/\[/g)?.length ?? 0) * 10 + (pattern.includes("...") ? 5 : 0);
  dynamic.sort((a, b) => weight(a.pattern) - weight(b.pattern));
  return (path) => {
    if (path === "/api" || path.startsWith("/api/")) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return "/api/*";
      }
      return findApiRoute(decoded)?.path ?? "/api/*";
    }
    if (path.startsWith("/_next/static/")) return "/_next/static/*";
    if (path.startsWith("/_next/")) return "/_next/*";
    if (path === "/metrics") return "/metrics";
    if (exact.has(path)) return path;
    for (const matcher of dynamic) if (matcher.test.test(path)) return matcher.pattern;
    return "other";
  };
}
