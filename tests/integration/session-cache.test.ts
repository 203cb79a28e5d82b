// The session cache (lib/server/accounts/session-cache.ts) with the listener server/serve.ts wires to it,
// on a real PostgreSQL: a signed-in request is answered from memory, and every way a session can
// end reaches the cache, whether this instance or another one (a change straight in the
// database stands for one) made it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as userDetails } from "@/app/api/user-details/route";
import { POST as logout } from "@/app/api/logout/route";
import { readCookie, readSessionClaims } from "@/lib/server/accounts/auth";
import { CatalogListener } from "@/lib/server/platform/catalog-broadcast";
import { cachedSession, dropUserSessions, keepSession, sessionCacheEnabled, sessionCacheGeneration, setSessionCacheEnabled } from "@/lib/server/accounts/session-cache";
import { sessionCookieName } from "@/lib/accounts/session-cookie";
import { getRequest, jsonRequest, noContext, onOwnDatabase, query, shopper, type Shopper } from "../helpers";

onOwnDatabase("sessioncache");

let listener: CatalogListener;
const states: boolean[] = [];

beforeAll(async () => {
  listener = new CatalogListener({
    connectionString: process.env.DATABASE_URL!,
    onChange: () => undefined,
    onSessionChange: dropUserSessions,
    onState: (connected) => {
      states.push(connected);
      setSessionCacheEnabled(connected);
    },
    minDelayMs: 50,
  });
  await listener.start();
});

afterAll(async () => {
  await listener.stop();
  setSessionCacheEnabled(false);
});

const details = (cookie: string) => userDetails(getRequest("/api/user-details", cookie), noContext);
async function sessionId(user: Shopper): Promise<string> {
  return (await readSessionClaims(readCookie(user.cookie, sessionCookieName())))!.sid;
}
async function until(condition: () => Promise<boolean>, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the session cache", () => {
  it("is on while the listener is connected, and keeps a session after its first read", async () => {
    expect(sessionCacheEnabled()).toBe(true);
    const user = await shopper();
    expect((await details(user.cookie)).status).toBe(200);
    expect(cachedSession(await sessionId(user))).toBeDefined();
    expect((await details(user.cookie)).status).toBe(200);
  });

  it("drops a session signed out on this instance at once", async () => {
    const user = await shopper();
    await details(user.cookie);
    expect((await logout(jsonRequest("/api/logout", {}, { cookie: user.cookie }), noContext)).status).toBe(200);
    expect((await details(user.cookie)).status).toBe(401);
  });

  it("hears a session deleted, a session version bumped or a user deleted elsewhere", async () => {
    for (const change of [
      (user: Shopper, sid: string) => query(`DELETE FROM "Session" WHERE id = $1`, [sid]),
      (user: Shopper) => query(`UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE id = $1`, [user.id]),
      (user: Shopper) => query(`DELETE FROM "User" WHERE id = $1`, [user.id]),
    ]) {
      const user = await shopper();
      const sid = await sessionId(user);
      expect((await details(user.cookie)).status).toBe(200);
      expect(cachedSession(sid)).toBeDefined();
      await change(user, sid);
      await until(async () => cachedSession(sid) === undefined);
      expect((await details(user.cookie)).status).toBe(401);
    }
  });

  it("shows a profile changed elsewhere on the next read", async () => {
    const user = await shopper();
    await details(user.cookie);
    await query(`UPDATE "User" SET name = 'Renamed Elsewhere' WHERE id = $1`, [user.id]);
    await until(async () => (await (await details(user.cookie)).json()).data.name === "Renamed Elsewhere");
  });

  it("does not keep a session read while a drop came in (the row may predate the change)", async () => {
    const user = await shopper();
    const sid = await sessionId(user);
    const before = sessionCacheGeneration();
    dropUserSessions("someone-else");
    keepSession(sid, user.id, { stale: true }, before);
    expect(cachedSession(sid)).toBeUndefined();
    keepSession(sid, user.id, { fresh: true }, sessionCacheGeneration());
    expect(cachedSession(sid)).toEqual({ fresh: true });
    dropUserSessions(user.id);
    expect(cachedSession(sid)).toBeUndefined();
  });

  it("is off, and empty, while the listener is disconnected", async () => {
    const user = await shopper();
    await details(user.cookie);
    await query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'volt-catalog-listener' AND datname = current_database()`);
    await until(async () => states.at(-1) === false);
    expect(sessionCacheEnabled()).toBe(false);
    expect(cachedSession(await sessionId(user))).toBeUndefined();
    // Answers still come, from the database.
    expect((await details(user.cookie)).status).toBe(200);
    await until(async () => listener.connected);
    expect(sessionCacheEnabled()).toBe(true);
  });
});
