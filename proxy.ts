import { NextResponse, type NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { categoryFilterKey, parseCategoryFilter } from "@/lib/category-filter";
import { searchKey } from "@/lib/search-query";
import { SIGNED_IN_HINT_COOKIE, sessionCookieName } from "@/lib/session-cookie";

// 1. Redirects: anonymous visitors away from /user-panel, non-admins away from /admin-panel,
//    signed-in visitors away from /signin and /signup.
//    Every page and handler checks again on the server from the database; this is never the
//    only check.
// 2. Two rewrites: /category-product?category=…&sort=…&page=… is served by the cacheable page
//    /category-product/{key}, and /search?q=… by /search/{key}, since a page reading the query
//    string cannot be cached whole. The shopper's address (and the canonical URL) stays the
//    query-string form.

export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;

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

export const config = { matcher: ["/category-product", "/search", "/signin", "/signup", "/user-panel/:path*", "/admin-panel/:path*"] };
