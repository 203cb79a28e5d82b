// Live sessions kept in memory for a few seconds, so a signed-in request need not read its
// session and user from the database each time. Safe only while this instance hears every change
// that could end or alter a session: triggers NOTIFY the user's id on SESSION_CHANNEL and
// server/serve.ts's listener drops the entries; so it is on only while that listener is connected,
// and the instance making a change drops them itself too. One registry, on globalThis.
// Details: docs/ENGINEERING.md §10a. No "server-only": server/serve.ts imports it.


/** How long a session read from the database is trusted without asking again. */
export const SESSION_CACHE_SECONDS = 30;
const MAX_ENTRIES = 20_000;

type Entry = { userId: string; value: unknown; until: number };
type Registry = { enabled: boolean; entries: Map<string, Entry>; byUser: Map<string, Set<string>>; generation: number };

const KEY = Symbol.for("volt.session-cache");

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };
  return (holder[KEY] ??= { enabled: false, entries: new Map(), byUser: new Map(), generation: 0 });
}

/** Turns the cache on (the listener is connected) or off (everything kept is dropped). */
export function setSessionCacheEnabled(enabled: boolean): void {
  const cache = registry();
  cache.enabled = enabled;
  cache.generation += 1;
  if (!enabled) {
    cache.entries.clear();
    cache.byUser.clear();
  }
}

export function sessionCacheEnabled(): boolean {
  return registry().enabled;
}

/**
 * Counts the drops: read it before reading a session from the database and give it to
 * keepSession, which then keeps nothing if a drop came in between (the row read may be older
 * than the change the drop was for).
 */
export function sessionCacheGeneration(): number {
  return registry().generation;
}

/** The session kept for `sessionId`, when the cache is on and holds a fresh one. */
export function cachedSession<T>(sessionId: string, now = Date.now()): T | undefined {
  const cache = registry();
  if (!cache.enabled) return undefined;
  const entry = cache.entries.get(sessionId);
  if (!entry) return undefined;
  if (entry.until <= now) {
    forget(cache, sessionId, entry.userId);
    return undefined;
  }
  return entry.value as T;
}

/** Keeps a session read from the database when the cache is on and nothing was dropped since `generation`. */
export function keepSession(sessionId: string, userId: string, value: unknown, generation: number, now = Date.now()): void {
  const cache = registry();
  if (!cache.enabled || generation !== cache.generation) return;
  const previous = cache.entries.get(sessionId);
  if (previous) forget(cache, sessionId, previous.userId);
  cache.entries.set(sessionId, { userId, value, until: now + SESSION_CACHE_SECONDS * 1000 });
  let sessions = cache.byUser.get(userId);
  if (!sessions) cache.byUser.set(userId, (sessions = new Set()));
  sessions.add(sessionId);
  for (const [oldest, entry] of cache.entries) {
    if (cache.entries.size <= MAX_ENTRIES) break;
    forget(cache, oldest, entry.userId);
  }
}

/** Drops every session of the user (signed out, changed, deleted). */
export function dropUserSessions(userId: string): void {
  const cache = registry();
  cache.generation += 1;
  for (const sessionId of cache.byUser.get(userId) ?? []) cache.entries.delete(sessionId);
  cache.byUser.delete(userId);
}

function forget(cache: Registry, sessionId: string, userId: string): void {
  cache.entries.delete(sessionId);
  const sessions = cache.byUser.get(userId);
  sessions?.delete(sessionId);
  if (sessions?.size === 0) cache.byUser.delete(userId);
}
