import "server-only";
import { PASSWORD_HASH_BUDGET } from "@/lib/constants";
import { db } from "./db";
import { tooManyRequests } from "./http";
import { log } from "./log";

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
    log.warn({ err: error }, "rate-limit: sweep failed");
  }
}

/** A counted limit: at most `limit` hits of `key` per fixed window of `seconds`. */
export type Limit = { key: string; seconds: number; limit: number };

/**
 * Counts one hit against each limit, all before the guarded work runs (so parallel requests
 * cannot pass a limit together), and refuses with 429 when any count is past its limit:
 * Retry-After is the longest wait among those, `message` says it in words.
 */
export async function countOrRefuse(limits: readonly Limit[], message: (waitSeconds: number) => string, now: Date = new Date()): Promise<void> {
  const counts = await Promise.all(limits.map((limit) => hit({ key: limit.key, seconds: limit.seconds, now })));
  const over = limits.filter((limit, index) => counts[index]! > limit.limit);
  if (over.length === 0) return;
  const wait = Math.max(...over.map((limit) => secondsLeft(limit.seconds, now)));
  throw tooManyRequests(message(wait), wait);
}

/** "N minutes" (at least one, singular when one) for a wait in seconds. */
export function inMinutes(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const STORE_BUSY_MESSAGE = (waitSeconds: number) => `The store is busy. Please try again in ${inMinutes(waitSeconds)}.`;

/**
 * Spends one password hash from the store-wide budget (PASSWORD_HASH_BUDGET), before the hash is
 * computed: 429 when the budget of the current window is gone.
 */
export async function spendPasswordHash(now: Date = new Date()): Promise<void> {
  const [limit, seconds] = PASSWORD_HASH_BUDGET;
  await countOrRefuse([{ key: "password-hash:all", seconds, limit }], STORE_BUSY_MESSAGE, now);
}
