import "server-only";
import { db } from "./db";

// Fixed-window counters in Postgres (RateLimitBucket), so a limit holds across every instance
// of the app. A hit is counted atomically before the guarded work runs (INSERT … ON CONFLICT
// … RETURNING), so parallel requests cannot slip past a limit between a read and a write.

export type Window = { key: string; seconds: number; now?: Date };

function windowStart(seconds: number, now: Date): Date {
  const size = seconds * 1000;
  return new Date(Math.floor(now.getTime() / size) * size);
}

/** Seconds until the window that holds `now` ends (for Retry-After). */
export function secondsLeft(seconds: number, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((windowStart(seconds, now).getTime() + seconds * 1000 - now.getTime()) / 1000));
}

/** Adds `by` to the key's counter in the current window and returns the new count. */
export async function hit({ key, seconds, now = new Date() }: Window, by = 1): Promise<number> {
  const start = windowStart(seconds, now);
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES (${key}, ${start}, ${by})
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + ${by}
    RETURNING "count"`;
  if (Math.random() < 0.01) void sweep(now);
  return Number(rows[0]?.count ?? by);
}

/** The key's count in the current window, without adding to it. */
export async function peek({ key, seconds, now = new Date() }: Window): Promise<number> {
  const row = await db.rateLimitBucket.findUnique({ where: { key_windowStart: { key, windowStart: windowStart(seconds, now) } } });
  return row?.count ?? 0;
}

/** Forgets the key's counters (a successful sign-in clears its failures). */
export async function reset(key: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key } });
}

/** Old windows are dead weight: drop the ones older than a day now and then. */
async function sweep(now: Date): Promise<void> {
  try {
    await db.rateLimitBucket.deleteMany({ where: { windowStart: { lt: new Date(now.getTime() - 24 * 3600 * 1000) } } });
  } catch (error) {
    console.warn("[rate-limit] sweep failed:", error);
  }
}
