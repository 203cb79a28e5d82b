// Every API endpoint, its methods and who may call it: the one list that proxy.ts answers
// unknown paths (404) and wrong methods (405) from, and that the access-control suite
// (tests/integration/access.test.ts) walks; that suite also fails when a route file under
// app/api is missing here. Paths use :name for a dynamic segment and * for a catch-all.
import { CHECKOUT_BODY_MAX_BYTES, JSON_BODY_MAX_BYTES, PICTURE_BODY_MAX_BYTES, UNSUBSCRIBE_BODY_MAX_BYTES, WEBHOOK_BODY_MAX_BYTES } from "./constants";

export type ApiAccess =
  /** Anyone. */
  | "public"
  /** Any signed-in account (401 without a live session). */
  | "user"
  /** A signed-in USER: carts, wishlists, checkout (401 anonymous, 403 for an ADMIN). */
  | "shopper"
  /** A signed-in ADMIN (401 anonymous or revoked, 403 for a USER). */
  | "admin"
  /** Proven by something else than a session: the Stripe signature, the cron secret, serve.ts's own token. */
  | "signed"
  /** next-auth's own routes (sign-in through them shares the throttles and the session rows). */
  | "next-auth"
  /** app/api/[...path]: the JSON 404 for every path no endpoint serves; never matched by findApiRoute. */
  | "unknown";

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiRoute = {
  path: string;
  methods: readonly ApiMethod[];
  access: ApiAccess;
  /**
   * A catalogue read the same for every caller: the production server's front door keeps its GET
   * answers (lib/server/front-door/page-cache.ts), keyed by the path and these query parameters only, and
   * drops them with the catalogue's pages on every catalogue change.
   */
  cacheKeyParams?: readonly string[];
  /**
   * On a Node host the production server's front door calls this route's handler itself, without
   * entering Next's router (server/serve.ts, lib/server/front-door/front-door.ts): the signed-in reads and
   * cart/wishlist writes, where Next's own per-request work was most of the time. Such a handler
   * must use nothing that only works inside Next (next/headers, after(), revalidateTag, a
   * NextRequest's nextUrl or cookies): tests/unit/direct-routes.test.ts loads each in plain Node,
   * checks its route file's imports, and calls it with a plain Request.
   */
  direct?: true;
  /**
   * The largest body the route reads (JSON_BODY_MAX_BYTES when not given). The front door refuses
   * a declared Content-Length past it (413) before Next buffers anything; the handler reads its
   * body with the same cap (tests/unit/body-caps.test.ts keeps the two the same).
   */
  maxBodyBytes?: number;
};

export const API_ROUTES: readonly ApiRoute[] = [
  { path: "/api/signup", methods: ["POST"], access: "public", maxBodyBytes: PICTURE_BODY_MAX_BYTES },
  { path: "/api/signin", methods: ["POST"], access: "public" },
  { path: "/api/logout", methods: ["GET", "POST"], access: "public" },
  { path: "/api/user-details", methods: ["GET"], access: "user", direct: true },
  { path: "/api/update-user", methods: ["PUT"], access: "user", maxBodyBytes: PICTURE_BODY_MAX_BYTES },
  { path: "/api/confirm-email", methods: ["POST"], access: "user" },
  { path: "/api/confirm-address", methods: ["POST"], access: "public" },
  { path: "/api/send-confirmation", methods: ["POST"], access: "user" },
  { path: "/api/send-otp", methods: ["POST"], access: "public" },
  { path: "/api/verify-otp", methods: ["POST"], access: "public" },
  { path: "/api/reset-password", methods: ["POST"], access: "public" },
  { path: "/api/get-product", methods: ["GET"], access: "public", cacheKeyParams: ["page", "limit"] },
  { path: "/api/get-category-product", methods: ["GET"], access: "public", cacheKeyParams: [] },
  { path: "/api/get-category-wise-product/:category", methods: ["GET"], access: "public", cacheKeyParams: ["page", "limit"] },
  { path: "/api/get-single-product-details/:id", methods: ["GET"], access: "public", cacheKeyParams: [] },
  { path: "/api/fiter-product", methods: ["POST"], access: "public" },
  { path: "/api/search-product", methods: ["GET"], access: "public", cacheKeyParams: ["q", "page", "limit"] },
  { path: "/api/add-to-cart", methods: ["POST"], access: "shopper", direct: true },
  { path: "/api/count-cart-product/:userId", methods: ["GET"], access: "shopper", direct: true },
  { path: "/api/update-cart-quantity", methods: ["POST"], access: "shopper", direct: true },
  { path: "/api/delete-cart-product", methods: ["POST"], access: "shopper", direct: true },
  { path: "/api/add-to-wishlist", methods: ["POST"], access: "shopper", direct: true },
  { path: "/api/get-wishlist", methods: ["GET"], access: "shopper", direct: true },
  { path: "/api/get-wishlist-count", methods: ["GET"], access: "shopper", direct: true },
  { path: "/api/delete-wishlist-product", methods: ["POST"], access: "shopper", direct: true },
  // Wishlist alerts and the optional mails (beyond the spec). The unsubscribe address is public:
  // its signed token proves whose it is; a mail client POSTs it form-encoded, with no cookie or Origin.
  { path: "/api/wishlist-alert", methods: ["POST"], access: "shopper" },
  { path: "/api/wishlist-alerts", methods: ["GET"], access: "shopper" },
  { path: "/api/mail-preferences", methods: ["GET", "POST"], access: "shopper" },
  { path: "/api/unsubscribe", methods: ["GET", "POST"], access: "public", maxBodyBytes: UNSUBSCRIBE_BODY_MAX_BYTES },
  { path: "/api/checkout", methods: ["POST"], access: "shopper", maxBodyBytes: CHECKOUT_BODY_MAX_BYTES },
  { path: "/api/checkout/cancel", methods: ["POST"], access: "shopper" },
  { path: "/api/place-order", methods: ["POST"], access: "shopper", maxBodyBytes: CHECKOUT_BODY_MAX_BYTES },
  { path: "/api/buy-now", methods: ["POST"], access: "shopper" },
  { path: "/api/get-order-details", methods: ["GET"], access: "user", direct: true },
  { path: "/api/all-users", methods: ["GET"], access: "admin" },
  { path: "/api/update-role/:userId", methods: ["PUT"], access: "admin" },
  { path: "/api/delete-user/:userId", methods: ["DELETE"], access: "admin" },
  { path: "/api/admin-products", methods: ["GET"], access: "admin" },
  { path: "/api/upload-product", methods: ["POST"], access: "admin" },
  { path: "/api/update-product", methods: ["PUT"], access: "admin" },
  { path: "/api/archive-product", methods: ["POST"], access: "admin" },
  { path: "/api/open-holds", methods: ["GET"], access: "admin" },
  { path: "/api/release-hold", methods: ["POST"], access: "admin" },
  { path: "/api/seller-settings", methods: ["GET", "PUT"], access: "admin" },
  { path: "/api/invoice/:orderId", methods: ["GET"], access: "user" },
  { path: "/api/credit-note/:refundId", methods: ["GET"], access: "user" },
  { path: "/api/gst-report", methods: ["GET"], access: "admin" },
  { path: "/api/business-details", methods: ["GET", "PUT"], access: "shopper" },
  { path: "/api/addresses", methods: ["GET", "POST"], access: "shopper" },
  { path: "/api/addresses/:id", methods: ["PUT", "DELETE"], access: "shopper" },
  { path: "/api/addresses/:id/default", methods: ["POST"], access: "shopper" },
  { path: "/api/pin-code/:pin", methods: ["GET"], access: "public", cacheKeyParams: [] },
  { path: "/api/delivery-estimate", methods: ["GET"], access: "public" },
  { path: "/api/spec-definitions", methods: ["GET"], access: "public", cacheKeyParams: ["category"] },
  { path: "/api/filter-products", methods: ["GET"], access: "public" },
  { path: "/api/recently-viewed", methods: ["GET"], access: "public" },
  { path: "/api/product-reviews", methods: ["GET"], access: "public" },
  { path: "/api/my-review", methods: ["GET"], access: "shopper" },
  { path: "/api/write-review", methods: ["POST"], access: "shopper" },
  { path: "/api/delete-review", methods: ["POST"], access: "shopper" },
  { path: "/api/review-helpful", methods: ["POST"], access: "shopper" },
  { path: "/api/admin-reviews", methods: ["GET"], access: "admin" },
  { path: "/api/hide-review", methods: ["POST"], access: "admin" },
  { path: "/api/show-review", methods: ["POST"], access: "admin" },
  { path: "/api/reply-review", methods: ["POST"], access: "admin" },
  { path: "/api/admin-spec-definitions", methods: ["GET", "POST", "PUT"], access: "admin" },
  { path: "/api/retire-spec-definition", methods: ["POST"], access: "admin" },
  { path: "/api/reorder-spec-definitions", methods: ["POST"], access: "admin" },
  { path: "/api/delivery-settings", methods: ["GET", "PUT"], access: "admin" },
  { path: "/api/complaints", methods: ["GET", "POST"], access: "shopper" },
  { path: "/api/admin-complaints", methods: ["GET"], access: "admin" },
  { path: "/api/answer-complaint", methods: ["POST"], access: "admin" },
  { path: "/api/upload-signature", methods: ["POST"], access: "admin" },
  { path: "/api/all-orders", methods: ["GET"], access: "admin" },
  { path: "/api/ship-order", methods: ["POST"], access: "admin" },
  { path: "/api/deliver-order", methods: ["POST"], access: "admin" },
  { path: "/api/record-cash", methods: ["POST"], access: "admin" },
  { path: "/api/record-refund", methods: ["POST"], access: "admin" },
  { path: "/api/return-to-origin", methods: ["POST"], access: "admin" },
  { path: "/api/receive-rto", methods: ["POST"], access: "admin" },
  { path: "/api/refund-order", methods: ["POST"], access: "admin" },
  { path: "/api/cancel-order", methods: ["POST"], access: "user" },
  { path: "/api/confirm-order", methods: ["POST"], access: "user" },
  { path: "/api/request-return", methods: ["POST"], access: "shopper" },
  { path: "/api/return-photo-signature", methods: ["POST"], access: "shopper" },
  { path: "/api/approve-return", methods: ["POST"], access: "admin" },
  { path: "/api/decline-return", methods: ["POST"], access: "admin" },
  { path: "/api/receive-return", methods: ["POST"], access: "admin" },
  { path: "/api/webhook", methods: ["POST"], access: "signed", maxBodyBytes: WEBHOOK_BODY_MAX_BYTES },
  // For load balancers and probes (lib/server/platform/health.ts): no limits, never cached.
  { path: "/api/health", methods: ["GET"], access: "public", direct: true },
  { path: "/api/ready", methods: ["GET"], access: "public", direct: true },
  { path: "/api/cron/order-emails", methods: ["GET"], access: "signed" },
  { path: "/api/cron/release-holds", methods: ["GET"], access: "signed" },
  { path: "/api/internal/catalog-changed", methods: ["POST"], access: "signed" },
  { path: "/api/auth/*", methods: ["GET", "POST"], access: "next-auth" },
  { path: "/api/*", methods: ["GET", "POST", "PUT", "PATCH", "DELETE"], access: "unknown" },
];

/** The route a (decoded) pathname belongs to, or undefined. */
export function findApiRoute(pathname: string): ApiRoute | undefined {
  // Asked several times for every API request (the gate, the cache key, the metrics' label):
  // the last few thousand answers are kept (the routes never change).
  const known = foundRoutes.get(pathname);
  if (known !== undefined || foundRoutes.has(pathname)) return known;
  const parts = pathname.replace(/\/+$/, "").split("/");
  const found = ROUTE_PATTERNS.find(({ route, pattern }) => {
    if (route.access === "unknown") return false;
    if (pattern.at(-1) === "*") return parts.length >= pattern.length && pattern.slice(0, -1).every((segment, index) => segment === parts[index]);
    return pattern.length === parts.length && pattern.every((segment, index) => segment.startsWith(":") ? parts[index] !== "" : segment === parts[index]);
  })?.route;
  if (pathname.length > 200) return found;
  if (foundRoutes.size >= FOUND_ROUTES_MAX) foundRoutes.clear();
  foundRoutes.set(pathname, found);
  return found;
}

const ROUTE_PATTERNS = API_ROUTES.map((route) => ({ route, pattern: route.path.split("/") }));
const FOUND_ROUTES_MAX = 4096;
const foundRoutes = new Map<string, ApiRoute | undefined>();

/** The route file that serves a route, from the project's root: `:name` is `[name]`, `*` a catch-all. */
export function routeFile(route: ApiRoute): string {
  const segments = route.path.split("/").slice(1).map((segment) => (segment === "*" ? (route.access === "next-auth" ? "[...nextauth]" : "[...path]") : segment.replace(/^:(.+)$/, "[$1]")));
  return ["app", ...segments, "route.ts"].join("/");
}

/** The values of a route's `:name` segments in a (decoded) pathname it matches, as Next gives them to its handler. */
export function routeParams(route: ApiRoute, pathname: string): Record<string, string> {
  const parts = pathname.replace(/\/+$/, "").split("/");
  const params: Record<string, string> = {};
  route.path.split("/").forEach((segment, index) => {
    if (segment.startsWith(":")) params[segment.slice(1)] = parts[index]!;
  });
  return params;
}

/** The largest body a route reads. */
export function bodyCap(route: ApiRoute): number {
  return route.maxBodyBytes ?? JSON_BODY_MAX_BYTES;
}

/** The largest body any route reads: Next's proxy buffers no more (next.config.mjs's proxyClientMaxBodySize). */
export const LARGEST_BODY_CAP = Math.max(...API_ROUTES.map(bodyCap));

/** The methods a route answers (HEAD and OPTIONS come with them), for 405's Allow header. */
export function allowedMethods(route: ApiRoute): string[] {
  return [...route.methods, ...(route.methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"];
}
