// Sessions that really end: sign-out revokes on the server, an absolute lifetime and an idle
// timeout, revocation on password and role changes, and malformed cookies answered 401.
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as userDetails } from "@/app/api/user-details/route";
import { GET as logoutGet, POST as logoutPost } from "@/app/api/logout/route";
import { POST as signin } from "@/app/api/signin/route";
import { PUT as updateUser } from "@/app/api/update-user/route";
import { PUT as updateRole } from "@/app/api/update-role/[userId]/route";
import { SESSION_IDLE_SECONDS, SESSION_MAX_AGE_SECONDS, SESSION_TOUCH_SECONDS, SESSIONS_PER_USER_MAX } from "@/lib/constants";
import { readSessionClaims } from "@/lib/server/accounts/auth";
import { admin, BASE, getRequest, jsonRequest, noContext, query, sessionCookieFrom, shopper, TEST_PASSWORD, type Shopper } from "../helpers";

const whoAmI = async (cookie: string) => (await userDetails(getRequest("/api/user-details", cookie), noContext)).status;

async function signInAgain(user: Shopper): Promise<string> {
  return sessionCookieFrom(await signin(jsonRequest("/api/signin", { email: user.email, password: TEST_PASSWORD }), noContext));
}

async function sessionIdOf(cookie: string): Promise<string> {
  const token = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  const claims = await readSessionClaims(token);
  if (!claims) throw new Error("not a session cookie");
  return claims.sid;
}

describe("switching accounts", () => {
  it("a sign-in from a browser already signed in (an admin switching to a shopper account) ends the old session; a failed one keeps it", async () => {
    const boss = await admin();
    const buyer = await shopper();
    const refused = await signin(jsonRequest("/api/signin", { email: buyer.email, password: "wrong password!" }, { cookie: boss.cookie }), noContext);
    expect(refused.status).toBe(401);
    expect(await whoAmI(boss.cookie)).toBe(200);
    const switched = await signin(jsonRequest("/api/signin", { email: buyer.email, password: TEST_PASSWORD }, { cookie: boss.cookie }), noContext);
    expect(switched.status).toBe(200);
    expect(await whoAmI(boss.cookie)).toBe(401);
    expect(await whoAmI(sessionCookieFrom(switched))).toBe(200);
  });
});

describe("sign-out", () => {
  it("POST /api/logout ends the session on the server: a copy of the cookie is refused afterwards", async () => {
    const me = await shopper();
    const other = await signInAgain(me);
    expect(await whoAmI(me.cookie)).toBe(200);
    const out = await logoutPost(jsonRequest("/api/logout", {}, { cookie: me.cookie }), noContext);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => /^next-auth\.session-token=;/.test(c))).toBe(true);
    expect(await whoAmI(me.cookie)).toBe(401);
    // Only that session: the same account's other browser stays signed in.
    expect(await whoAmI(other)).toBe(200);
  });

  it("GET /api/logout (SPEC 7) signs out too, but not when another site's page sends it", async () => {
    const me = await shopper();
    const crossSite = new NextRequest(`${BASE}/api/logout`, { headers: { cookie: me.cookie, "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" } });
    expect((await logoutGet(crossSite, noContext)).status).toBe(200);
    expect(await whoAmI(me.cookie)).toBe(200);
    expect((await logoutGet(getRequest("/api/logout", me.cookie), noContext)).status).toBe(200);
    expect(await whoAmI(me.cookie)).toBe(401);
  });

  it("a POST to /api/logout from another site is refused (403), the session kept", async () => {
    const me = await shopper();
    const forged = await logoutPost(jsonRequest("/api/logout", {}, { cookie: me.cookie, headers: { origin: "https://evil.example" } }), noContext);
    expect(forged.status).toBe(403);
    expect(await whoAmI(me.cookie)).toBe(200);
  });
});

describe("lifetimes", () => {
  it(`ends ${SESSION_MAX_AGE_SECONDS / 86400} days after sign-in however busy the session was`, async () => {
    const me = await shopper();
    const sid = await sessionIdOf(me.cookie);
    await query(`UPDATE "Session" SET "createdAt" = now() - interval '31 days', "expiresAt" = now() - interval '1 second', "lastSeenAt" = now() WHERE id = $1`, [sid]);
    expect(await whoAmI(me.cookie)).toBe(401);
  });

  it(`ends after ${SESSION_IDLE_SECONDS / 86400} days without a request, and a request moves the idle clock`, async () => {
    const me = await shopper();
    const sid = await sessionIdOf(me.cookie);
    await query(`UPDATE "Session" SET "lastSeenAt" = now() - make_interval(secs => $2) WHERE id = $1`, [sid, SESSION_TOUCH_SECONDS + 60]);
    expect(await whoAmI(me.cookie)).toBe(200);
    let seen: Date | undefined;
    for (let i = 0; i < 50; i++) {
      const [row] = await query<{ lastSeenAt: Date }>(`SELECT "lastSeenAt" FROM "Session" WHERE id = $1`, [sid]);
      seen = row?.lastSeenAt;
      if (seen && Date.now() - seen.getTime() < 60_000) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - seen!.getTime()).toBeLessThan(60_000);
    await query(`UPDATE "Session" SET "lastSeenAt" = now() - make_interval(secs => $2) WHERE id = $1`, [sid, SESSION_IDLE_SECONDS + 1]);
    expect(await whoAmI(me.cookie)).toBe(401);
  });

  it("the cookie lives no longer than the session", async () => {
    const me = await shopper();
    const response = await signin(jsonRequest("/api/signin", { email: me.email, password: TEST_PASSWORD }), noContext);
    const header = response.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="))!;
    const maxAge = Number(/Max-Age=(\d+)/i.exec(header)?.[1]);
    expect(maxAge).toBeGreaterThan(SESSION_MAX_AGE_SECONDS - 60);
    expect(maxAge).toBeLessThanOrEqual(SESSION_MAX_AGE_SECONDS);
  });
});

describe("live sessions per user", () => {
  it(`keeps at most ${SESSIONS_PER_USER_MAX}: a sign-in past that ends the oldest, and only it`, async () => {
    const me = await shopper();
    const later: string[] = [];
    for (let i = 1; i < SESSIONS_PER_USER_MAX; i++) later.push(await signInAgain(me));
    expect(await whoAmI(me.cookie)).toBe(200);
    const newest = await signInAgain(me);
    expect(await whoAmI(me.cookie)).toBe(401);
    for (const cookie of [...later, newest]) expect(await whoAmI(cookie)).toBe(200);
    expect(await query(`SELECT id FROM "Session" WHERE "userId" = $1`, [me.id])).toHaveLength(SESSIONS_PER_USER_MAX);
  });
});

describe("revocation", () => {
  it("a password change ends the account's other sessions and keeps the one that made it", async () => {
    const me = await shopper();
    const stolen = await signInAgain(me);
    const changed = await updateUser(
      jsonRequest("/api/update-user", { name: "Meera", email: me.email, contact: "", password: "a brand new passphrase", confirmPwd: "a brand new passphrase", currentPassword: TEST_PASSWORD }, { method: "PUT", cookie: me.cookie }),
      noContext,
    );
    expect(changed.status).toBe(200);
    expect(await whoAmI(stolen)).toBe(401);
    expect(await whoAmI(sessionCookieFrom(changed))).toBe(200);
    expect(await sessionIdOf(sessionCookieFrom(changed))).toBe(await sessionIdOf(me.cookie));
    expect(await query(`SELECT id FROM "Session" WHERE "userId" = $1`, [me.id])).toHaveLength(1);
  });

  it("a role change ends the user's sessions", async () => {
    const boss = await admin();
    const me = await shopper();
    expect((await updateRole(jsonRequest(`/api/update-role/${me.id}`, { role: "ADMIN" }, { method: "PUT", cookie: boss.cookie }), { params: Promise.resolve({ userId: me.id }) })).status).toBe(200);
    expect(await whoAmI(me.cookie)).toBe(401);
  });
});

describe("malformed cookies", () => {
  it.each([
    ["a broken escape", "next-auth.session-token=%E0%A4%A"],
    ["not a token", "next-auth.session-token=hello"],
    ["an empty one", "next-auth.session-token="],
    ["a JWT-looking one", `next-auth.session-token=${"eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0"}..${"a".repeat(22)}.${"b".repeat(40)}.${"c".repeat(22)}`],
  ])("%s answers 401, not 500", async (_name, cookie) => {
    expect(await whoAmI(cookie)).toBe(401);
  });
});
