import { NextResponse, type NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { categoryFilterKey, parseCategoryFilter } from "@/lib/category-filter";
import { searchKey } from "@/lib/search-query";
import { SIGNED_IN_HINT_COOKIE, sessionCookieName } from "@/lib/session-cookie";
import { allowedMethods, findApiRoute } from "@/lib/api-routes";
import { isAllowedCorsOrigin } from "@/lib/server/origin";

// 1. Redirects: anonymous visitors away from /user-panel, non-admins away from /admin-panel,
//    signed-in visitors away from /signin and /signup.
//    Every page and handler checks again on the server from the database; this is never the
//    only check.
// 2. Two rewrites: /category-product?category=…&sort=…&page=… is served by the cacheable page
//    /category-product/{key}, and /search?q=… by /search/{key}, since a page reading the query
//    string cannot be cached whole. The shopper's address (and the canonical URL) stays the
//    query-string form.
// 3. The API's front door (apiGate): a path that is not valid percent-encoding is a 400, an
//    unknown path a 404 and a wrong method a 405, all JSON in the API's shape (never Next's HTML
//    or plain-text pages); CORS with credentials for the origins in ALLOWED_ORIGINS only.

const apiError = (status: number, message: string, headers?: Record<string, string>) =>
  NextResponse.json({ success: false, error: true, message }, { status, headers: { "Cache-Control": "no-store", ...headers } });

function apiGate(request: NextRequest): NextResponse {
  let pathname: string;
  try {
    pathname = decodeURIComponent(request.nextUrl.pathname);
  } catch {
    return apiError(400, "The request path is not valid (malformed percent-encoding)");
  }
  const origin = request.headers.get("origin");
  const cors: Record<string, string> = isAllowedCorsOrigin(origin) ? { "Access-Control-Allow-Origin": origin, "Access-Control-Allow-Credentials": "true", Vary: "Origin" } : {};
  const route = findApiRoute(pathname);
  if (!route) return apiError(404, `There is no API endpoint at ${request.nextUrl.pathname}`, cors);
  const allow = allowedMethods(route).join(", ");
  if (request.method === "OPTIONS") {
    const preflight = cors["Access-Control-Allow-Origin"]
      ? { ...cors, "Access-Control-Allow-Methods": allow, "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600" }
      : {};
    return new NextResponse(null, { status: 204, headers: { Allow: allow, ...preflight } });
  }
  if (!allowedMethods(route).includes(request.method)) return apiError(405, `${request.method} is not allowed on ${route.path}; use ${route.methods.join(" or ")}`, { Allow: allow, ...cors });
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(cors)) response.headers.set(name, value);
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) return apiGate(request);

  if (pathname === "/category-product") {
    const key = categoryFilterKey(parseCategoryFilter(searchParams));
    return NextResponse.rewrite(new URL(`/category-product/${encodeURIComponent(key)}`, request.url));
  }
  if (pathname === "/search") {
    return NextResponse.rewrite(new URL(`/search/${searchKey(searchParams.get("q"))}`, request.url));
  }

  const token = request.cookies.get(sessionCookieName())?.value;
  const secret = process.env.NEXTAUTH_SECRET;
  const claims = token && secret ? await decode({ token, secret }).catch(() => null) : null;
  if (pathname.startsWith("/user-panel") && !claims) {
    return NextResponse.redirect(new URL("/signin", request.url));
  }
  // Only with the sign-in hint too: a session ended elsewhere (a password reset) still decodes
  // here, and the browser drops the hint once the server refuses it, so the form stays reachable.
  const signedIn = claims && request.cookies.get(SIGNED_IN_HINT_COOKIE)?.value === "1";
  if ((pathname === "/signin" || pathname === "/signup") && signedIn) {
    return NextResponse.redirect(new URL("/", request.url));
  }
  if (pathname.startsWith("/admin-panel") && claims?.role !== "ADMIN") {
    return NextResponse.redirect(new URL("/", request.url));
  }
  return NextResponse.next();
}

export const config = { matcher: ["/api/:path*", "/category-product", "/search", "/signin", "/signup", "/user-panel/:path*", "/admin-panel/:path*"] };
