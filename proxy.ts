import { NextResponse, type NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { categoryFilterKey, parseCategoryFilter } from "@/lib/catalog/category-filter";
import { searchPageKey } from "@/lib/catalog/search-filter";
import { SHOPPER_SIGN_IN, SIGNED_IN_HINT_COOKIE, sessionCookieName } from "@/lib/accounts/session-cookie";
import { apiGate } from "@/lib/server/front-door/api-gate";

// 1. Redirects anonymous visitors away from /user-panel, non-admins away from /admin-panel and
//    signed-in visitors away from /signin and /signup. Never the only check: every page and
//    handler checks again from the database.
// 2. Rewrites /category-product?… to the cacheable page /category-product/{key}, and /search?q=…
//    to /search/{key}; the shopper's address stays the query-string form (docs/ENGINEERING.md §10a).
// 3. Runs the API gate (lib/server/front-door/api-gate.ts) where server/serve.ts's is not in front.

/** The API front door (lib/server/front-door/api-gate.ts) for hosts without server/serve.ts's. */
function gateApi(request: NextRequest): NextResponse {
  const decision = apiGate(request.method, request.nextUrl.pathname, request.headers.get("origin"), request.headers.get("content-length"));
  if (decision.answer) return new NextResponse(decision.answer.body, { status: decision.answer.status, headers: decision.answer.headers });
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(decision.headers)) response.headers.set(name, value);
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/api" || pathname.startsWith("/api/")) return gateApi(request);

  if (pathname === "/category-product") {
    const key = categoryFilterKey(parseCategoryFilter(searchParams));
    return NextResponse.rewrite(new URL(`/category-product/${encodeURIComponent(key)}`, request.url));
  }
  if (pathname === "/search") {
    return NextResponse.rewrite(new URL(`/search/${searchPageKey(searchParams)}`, request.url));
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
  // A signed-in admin sent to sign in with a shopper account (SHOPPER_SIGN_IN) may stay.
  const switching = pathname === "/signin" && searchParams.get(SHOPPER_SIGN_IN.param) === SHOPPER_SIGN_IN.value;
  if ((pathname === "/signin" || pathname === "/signup") && signedIn && !switching) {
    return NextResponse.redirect(new URL("/", request.url));
  }
  if (pathname.startsWith("/admin-panel") && claims?.role !== "ADMIN") {
    return NextResponse.redirect(new URL("/", request.url));
  }
  return NextResponse.next();
}

export const config = {
  matcher: [
    // The API only for requests with an Origin (browsers' cross-origin calls and preflights, and
    // their same-origin writes): a middleware run costs ~0.8 ms, and on a Node host the front door
    // of server/serve.ts has already gated every API request. Elsewhere, unknown paths still get
    // the JSON 404 of app/api/[...path].
    { source: "/api/:path*", has: [{ type: "header", key: "origin" }] },
    "/category-product", "/search", "/signin", "/signup", "/user-panel/:path*",
    "/admin-panel/:path*",
  ],
};
