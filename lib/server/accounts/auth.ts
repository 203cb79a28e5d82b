import "server-only";
import { decode, encode, type JWT } from "next-auth/jwt";
import type { NextResponse } from "next/server";
import { SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS, SESSION_TOUCH_SECONDS, SESSIONS_PER_USER_MAX } from "@/lib/constants";
import { SIGNED_IN_HINT_COOKIE, sessionCookieName, usesSecureCookies } from "@/lib/accounts/session-cookie";
import type { Session, User } from "@/lib/generated/prisma/client";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { cachedSession, dropUserSessions, keepSession, sessionCacheGeneration } from "./session-cache";
import { forbidden, unauthorized } from "../platform/http";
import { throttle } from "../platform/throttle";
import { log } from "../platform/log";
import { currentRequest } from "../platform/request-context";

/** The session cookie's name, read from the configuration once (it is fixed for the process's life). */
let cookieName: string | undefined;
const sessionCookie = () => (cookieName ??= sessionCookieName());

// Sessions are next-auth JWTs in an HttpOnly cookie that name a Session row (`sid`) besides the
// user id and the user's session version. Every check loads the row and its user from the
// database: signing out deletes the row (a copied cookie dies with it); a session ends
// SESSION_MAX_AGE_SECONDS after sign-in whatever renews the cookie, and after
// SESSION_IDLE_SECONDS without a request; a role change or a password change (which bump the
// version) ends the user's other sessions on their next request.

/** The proof of a verified reset code: sent only to the reset endpoint. */
export const RESET_GRANT_COOKIE = "volt.reset-grant";
export const RESET_GRANT_PATH = "/api/reset-password";

function secret(): string {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set. Start the store with `npm run dev` or `npm start`.");
  return value;
}


export type SessionClaims = JWT & { sub: string; sv: number; sid: string };

export function claimsFor(user: User, session: Session): SessionClaims {
  return { sub: user.id, sv: user.sessionVersion, sid: session.id, name: user.name, email: user.email, role: user.role };
}


/**
 * A new server-side session for a sign-in. A user keeps at most SESSIONS_PER_USER_MAX live
 * sessions: past that the oldest end, in the same transaction. Old ended sessions are swept now
 * and then.
 */
export async function startSession(user: User, now: Date = new Date()): Promise<Session> {
  if (Math.random() < 0.02) void sweepSessions(now);
  // The new session is never among those ended (an instance whose clock runs behind cannot make
  // it the oldest); the user's newest others fill the rest of the cap.
  const { session, ended } = await db.$transaction(async (tx) => {
    const session = await tx.session.create({ data: { userId: user.id, createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000) } });
    const ended = await tx.$executeRaw`
      DELETE FROM "Session" WHERE "userId" = ${user.id}::uuid AND "id" <> ${session.id}::uuid AND "id" NOT IN (
        SELECT "id" FROM "Session" WHERE "userId" = ${user.id}::uuid AND "id" <> ${session.id}::uuid ORDER BY "createdAt" DESC, "id" DESC LIMIT ${SESSIONS_PER_USER_MAX - 1})`;
    return { session, ended };
  });
  if (ended > 0) dropUserSessions(user.id); // this instance at once; the others hear it (session-cache.ts)
  return session;
}

async function sweepSessions(now: Date): Promise<void> {
  try {
    await db.session.deleteMany({ where: { OR: [{ expiresAt: { lte: now } }, { lastSeenAt: { lte: new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000) } }] } });
  } catch (error) {
    log.warn({ err: error }, "auth: session sweep failed");
  }
}

/**
 * Sets the session cookie for `session` (a new one from startSession, or the caller's own after
 * a profile change re-issues its claims). The cookie lives no longer than the session.
 */
export async function setSessionCookie(response: NextResponse, user: User, session: Session): Promise<void> {
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  const token = await encode({ token: claimsFor(user, session), secret: secret(), maxAge });
  response.cookies.set(sessionCookie(), token, {
    httpOnly: true,
    sameSite: "lax",
    secure: usesSecureCookies(),
    path: "/",
    maxAge,
  });
  response.cookies.set(SIGNED_IN_HINT_COOKIE, "1", { sameSite: "lax", secure: usesSecureCookies(), path: "/", maxAge });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(sessionCookie(), "", {
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
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined; // a malformed escape is no cookie of ours
    }
  }
  return undefined;
}

async function sessionTokenFrom(request?: Request): Promise<string | undefined> {
  if (request) return readCookie(request.headers.get("cookie"), sessionCookie());
  const { cookies } = await import("next/headers");
  return (await cookies()).get(sessionCookie())?.value;
}

/** Claims of ours: a user id, a session id (both UUIDs, so they can reach SQL) and a version. */
export function isSessionClaims(claims: JWT | null | undefined): claims is SessionClaims {
  if (!claims) return false;
  const { sub, sv, sid } = claims;
  return isRowId(sub) && typeof sv === "number" && isRowId(sid);
}

/** The decoded claims of a session cookie, without touching the database. */
export async function readSessionClaims(token: string | undefined): Promise<SessionClaims | null> {
  if (!token) return null;
  const known = decodedTokens.get(token);
  if (known && known.until > Date.now()) return known.claims;
  let claims: JWT | null;
  try {
    claims = await decode({ token, secret: secret() });
  } catch {
    return null;
  }
  if (!isSessionClaims(claims)) return null;
  // Decrypting a cookie derives its key (HKDF) and decrypts (AES-GCM) each time: a cookie seen
  // before is read from memory until its own expiry. The claims alone grant nothing; liveSession
  // checks them against the session's row (or the session cache) on every request.
  decodedTokens.set(token, { claims, until: typeof claims.exp === "number" ? claims.exp * 1000 : Date.now() + 60_000 });
  if (decodedTokens.size > DECODED_TOKENS_MAX) decodedTokens.delete(decodedTokens.keys().next().value!);
  return claims;
}

const DECODED_TOKENS_MAX = 20_000;
const decodedTokens = new Map<string, { claims: SessionClaims; until: number }>();

/**
 * The claims' session and user when the session is still alive: its row exists (not signed
 * out), it is within its absolute lifetime and idle timeout, and the user's session version
 * matches. A live session's lastSeenAt moves forward at most every SESSION_TOUCH_SECONDS.
 */
export async function liveSession(claims: SessionClaims, now: Date = new Date()): Promise<(Session & { user: User }) | null> {
  let session = cachedSession<Session & { user: User }>(claims.sid, now.getTime());
  // A kept session for another user or an older session version is not trusted: ask again.
  if (session && (session.userId !== claims.sub || session.user.sessionVersion !== claims.sv)) session = undefined;
  if (!session) {
    const generation = sessionCacheGeneration();
    // The session and its user in one query: every signed-in request not served from the
    // session cache (session-cache.ts) pays for it.
    const [found] = await db.$queryRaw<(User & { sessionCreatedAt: Date; sessionExpiresAt: Date; sessionLastSeenAt: Date })[]>`
      SELECT u.*, s."createdAt" AS "sessionCreatedAt", s."expiresAt" AS "sessionExpiresAt", s."lastSeenAt" AS "sessionLastSeenAt"
      FROM "Session" s JOIN "User" u ON u.id = s."userId"
      WHERE s.id = ${claims.sid}::uuid AND u.id = ${claims.sub}::uuid`;
    if (!found) return null;
    const { sessionCreatedAt, sessionExpiresAt, sessionLastSeenAt, ...user } = found;
    session = { id: claims.sid, userId: user.id, createdAt: sessionCreatedAt, expiresAt: sessionExpiresAt, lastSeenAt: sessionLastSeenAt, user };
    keepSession(claims.sid, user.id, session, generation, now.getTime());
  }
  if (session.user.sessionVersion !== claims.sv) return null;
  if (session.expiresAt <= now || now.getTime() - session.lastSeenAt.getTime() >= SESSION_IDLE_SECONDS * 1000) return null;
  if (now.getTime() - session.lastSeenAt.getTime() >= SESSION_TOUCH_SECONDS * 1000) {
    session.lastSeenAt = now;
    db.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: now } }).catch((error: unknown) => log.warn({ err: error }, "auth: session touch failed"));
  }
  return session;
}

/** The caller's live session and its user; null when signed out, ended or revoked. */
export async function getSession(request?: Request): Promise<(Session & { user: User }) | null> {
  const claims = await readSessionClaims(await sessionTokenFrom(request));
  // The request's log line names the user whose cookie this is (observe.ts need not decode it again).
  const context = currentRequest();
  if (context && context.userId === undefined) context.userId = claims?.sub ?? null;
  return claims ? liveSession(claims) : null;
}

/** The signed-in user, fresh from the database; null when signed out or the session was revoked. */
export async function getSessionUser(request?: Request): Promise<User | null> {
  return (await getSession(request))?.user ?? null;
}

/** Deletes the session the claims name (sign-out, ours or next-auth's). */
export async function deleteSession(claims: SessionClaims): Promise<void> {
  await db.session.deleteMany({ where: { id: claims.sid, userId: claims.sub } });
  dropUserSessions(claims.sub);
}

/** Ends the caller's session on the server (its row is deleted), if the cookie names one. */
export async function endSession(request: Request): Promise<void> {
  const claims = await readSessionClaims(await sessionTokenFrom(request));
  if (claims) await deleteSession(claims);
}

/** Ends every session of the user but `keep` (a password change keeps the browser that made it). */
export async function endOtherSessions(userId: string, keep?: string): Promise<void> {
  await db.session.deleteMany({ where: { userId, ...(keep ? { id: { not: keep } } : {}) } });
  dropUserSessions(userId);
}

export async function requireSession(request: Request): Promise<Session & { user: User }> {
  const session = await getSession(request);
  if (!session) throw unauthorized();
  return session;
}

export async function requireUser(request: Request): Promise<User> {
  const user = await getSessionUser(request);
  if (!user) throw unauthorized();
  return user;
}

/** Carts and wishlists belong to shoppers (docs/PRODUCT.md §6.3): an ADMIN session answers 403. */
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
