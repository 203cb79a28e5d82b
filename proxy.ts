import { NextResponse, type NextRequest } from "next/server";
import { decode } from "next-auth/jwt";
import { sessionCookieName } from "@/lib/session-cookie";

// Redirects only: anonymous visitors away from /user-panel, non-admins away from /admin-panel.
// Every page and handler checks again on the server from the database; this is never the only check.

export async function proxy(request: NextRequest) {
  const token = request.cookies.get(sessionCookieName())?.value;
  const secret = process.env.NEXTAUTH_SECRET;
  const claims = token && secret ? await decode({ token, secret }).catch(() => null) : null;
  const { pathname } = request.nextUrl;

  if (pathname.startsWith("/user-panel") && !claims) {
    return NextResponse.redirect(new URL("/signin", request.url));
  }
  if (pathname.startsWith("/admin-panel") && claims?.role !== "ADMIN") {
    return NextResponse.redirect(new URL("/", request.url));
  }
  return NextResponse.next();
}

export const config = { matcher: ["/user-panel/:path*", "/admin-panel/:path*"] };
