import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { decode, encode, type JWT } from "next-auth/jwt";
import type { NextResponse } from "next/server";
import { SESSION_MAX_AGE_SECONDS } from "@/lib/constants";
import { SIGNED_IN_HINT_COOKIE, sessionCookieName, usesSecureCookies } from "@/lib/session-cookie";
import { signInSchema } from "@/lib/schemas";
import type { User } from "@/lib/generated/prisma/client";
import { forbidden, HttpError, unauthorized } from "./http";
import { clientAddress } from "./client-address";
import { signInThrottled } from "./sign-in";
import { throttle } from "./throttle";
import { findUserById, toPublicUser } from "./users";

// Sessions are next-auth JWTs in an HttpOnly cookie. The token carries the user id and the
// user's session version; every check loads the user from the database, so a role change or a
// password reset (which bumps the version) takes effect on the next request.

/** The proof of a verified reset code: sent only to the reset endpoint. */
export const RESET_GRANT_COOKIE = "volt.reset-grant";
export const RESET_GRANT_PATH = "/api/reset-password";

function secret(): string {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set. Start the store with `npm run dev` or `npm start`.");
  return value;
}


type SessionClaims = JWT & { sub: string; sv: number };

function claimsFor(user: User): SessionClaims {
  return { sub: user.id, sv: user.sessionVersion, name: user.name, email: user.email, role: user.role };
}

export async function setSessionCookie(response: NextResponse, user: User): Promise<void> {
  const token = await encode({ token: claimsFor(user), secret: secret(), maxAge: SESSION_MAX_AGE_SECONDS });
  response.cookies.set(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: usesSecureCookies(),
    path: "/",
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
  response.cookies.set(SIGNED_IN_HINT_COOKIE, "1", { sameSite: "lax", secure: usesSecureCookies(), path: "/", maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(sessionCookieName(), "", {
    httpOnly: true,
    sameSite: "lax",
    secure: usesSecureCookies(),
    path: "/",
    maxAge: 0,
  });
  response.cookies.set(SIGNED_IN_HINT_COOKIE, "", { sameSite: "lax", secure: usesSecureCookies(), path: "/", maxAge: 0 });
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index === -1) continue;
    if (part.slice(0, index).trim() === name) return decodeURIComponent(part.slice(index + 1).trim());
  }
  return undefined;
}

async function sessionTokenFrom(request?: Request): Promise<string | undefined> {
  if (request) return readCookie(request.headers.get("cookie"), sessionCookieName());
  const { cookies } = await import("next/headers");
  return (await cookies()).get(sessionCookieName())?.value;
}

/** The decoded claims of a session cookie, without touching the database (for proxy.ts). */
export async function readSessionClaims(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  try {
    const claims = await decode({ token, secret: secret() });
    if (!claims || typeof claims.sub !== "string" || typeof claims.sv !== "number") return null;
    return claims as SessionClaims;
  } catch {
    return null;
  }
}

/** The signed-in user, fresh from the database; null when signed out or the session was revoked. */
export async function getSessionUser(request?: Request): Promise<User | null> {
  const claims = await readSessionClaims(await sessionTokenFrom(request));
  if (!claims) return null;
  const user = await findUserById(claims.sub);
  if (!user || user.sessionVersion !== claims.sv) return null;
  return user;
}

export async function requireUser(request: Request): Promise<User> {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized();
  return user;
}

/** Carts and wishlists belong to shoppers (SPEC 6): an ADMIN session answers 403. */
export async function requireShopper(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== "USER") throw forbidden("Only shopper accounts have a cart and a wishlist.");
  return user;
}

export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (user.role !== "ADMIN") throw forbidden();
  return user;
}

/** requireAdmin for the admin's writes, which are also throttled (per admin, address, store). */
export async function requireAdminWrite(request: Request): Promise<User> {
  const admin = await requireAdmin(request);
  await throttle("adminWrite", request, admin.id);
  return admin;
}

/** next-auth's own routes (/api/auth/*) share the same credentials check and token claims. */
export const authOptions: NextAuthOptions = {
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      // The same throttled check as POST /api/signin: this route must not be a way around it.
      async authorize(credentials, req) {
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) return null;
        try {
          const user = await signInThrottled(parsed.data.email, parsed.data.password, clientAddress(req?.headers ?? {}));
          return { id: user.id, name: user.name, email: user.email };
        } catch (error) {
          if (error instanceof HttpError && error.status === 429) throw new Error(error.message);
          return null;
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        const fresh = await findUserById(user.id);
        if (fresh) Object.assign(token, claimsFor(fresh));
      }
      return token;
    },
    async session({ session, token }) {
      const user = typeof token.sub === "string" ? await findUserById(token.sub) : null;
      return { ...session, user: user && user.sessionVersion === token.sv ? toPublicUser(user) : undefined };
    },
  },
};
