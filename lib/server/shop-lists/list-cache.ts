// A signed-in shopper's wishlist count and cart lines, kept in memory for a few seconds (every
// page's header shows both). Safe only while this instance hears every change: triggers NOTIFY the
// owner's id on LISTS_CHANNEL, or "*" when a product changes (every cart dropped), and
// server/serve.ts's listener drops the entries; so it is on only while that listener is connected,
// and the instance making a change drops them itself too. One registry, on globalThis.
// Details: docs/ENGINEERING.md §10a. No "server-only": server/serve.ts imports it.

/** How long a list read from the database is trusted without asking again. */
export const LIST_CACHE_SECONDS = 10;
/** The most shoppers kept per list (a cart's lines carry whole products: a few KB each). */
const MAX_ENTRIES: Record<ListKind, number> = { wishlistCount: 20_000, cart: 5_000 };

export type ListKind = "wishlistCount" | "cart";
type Entry = { value: unknown; until: number };
/** A read under way: a drop of its shopper (or of everything) meanwhile marks it stale, and it is not kept. */
type Read = { kind: ListKind; userId: string; stale: boolean };
type Registry = { enabled: boolean; lists: Record<ListKind, Map<string, Entry>>; reads: Set<Read> };

const KEY = Symbol.for("volt.list-cache");

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };
  return (holder[KEY] ??= { enabled: false, lists: { wishlistCount: new Map(), cart: new Map() }, reads: new Set() });
}

function staleReads(cache: Registry, which: { userId?: string; kind?: ListKind } = {}): void {
  for (const read of cache.reads) if ((which.userId === undefined || read.userId === which.userId) && (which.kind === undefined || read.kind === which.kind)) read.stale = true;
}

/** Turns the cache on (the listener is connected) or off (everything kept is dropped). */
export function setListCacheEnabled(enabled: boolean): void {
  const cache = registry();
  cache.enabled = enabled;
  staleReads(cache);
  if (!enabled) for (const list of Object.values(cache.lists)) list.clear();
}

/** The shopper's list as last read, when the cache is on and holds a fresh one. */
export function cachedList<T>(kind: ListKind, userId: string, now = Date.now()): T | undefined {
  const cache = registry();
  if (!cache.enabled) return undefined;
  const entry = cache.lists[kind].get(userId);
  if (!entry) return undefined;
  if (entry.until <= now) {
    cache.lists[kind].delete(userId);
    return undefined;
  }
  return entry.value as T;
}

/** Starts a read of the shopper's list from the database: keep its result with keepList. */
export function startListRead(kind: ListKind, userId: string): Read {
  const read = { kind, userId, stale: false };
  registry().reads.add(read);
  return read;
}

/**
 * Keeps a list read from the database when the cache is on and nothing of the shopper's was
 * dropped since the read began (the row read may be older than the change the drop was for).
 */
export function keepList(read: Read, value: unknown, now = Date.now()): void {
  const cache = registry();
  cache.reads.delete(read);
  if (!cache.enabled || read.stale) return;
  const { kind } = read;
  const list = cache.lists[kind];
  list.delete(read.userId);
  list.set(read.userId, { value, until: now + LIST_CACHE_SECONDS * 1000 });
  // Oldest first, each with the same lifetime: what has expired is at the front.
  for (const [userId, entry] of list) {
    if (entry.until > now && list.size <= MAX_ENTRIES[kind]) break;
    list.delete(userId);
  }
}

/**
 * The shopper's list from memory, or read by `read` (and kept). The value is shared by every
 * request that gets it: callers never change it.
 */
export async function throughListCache<T>(kind: ListKind, userId: string, read: () => Promise<T>): Promise<T> {
  const kept = cachedList<T>(kind, userId);
  if (kept !== undefined) return kept;
  const reading = startListRead(kind, userId);
  try {
    const value = await read();
    keepList(reading, value);
    return value;
  } finally {
    registry().reads.delete(reading);
  }
}

/** Drops the shopper's lists (a line added, changed or removed, here or on another instance). */
export function dropUserLists(userId: string): void {
  const cache = registry();
  staleReads(cache, { userId });
  for (const list of Object.values(cache.lists)) list.delete(userId);
}

/** Drops every cart (a product or the catalogue changed: the lines' products may have). */
export function dropAllCarts(): void {
  const cache = registry();
  staleReads(cache, { kind: "cart" });
  cache.lists.cart.clear();
}

/** What the lists channel carries: a shopper's id, or "*" for every cart (a product changed). */
export function listsChanged(payload: string): void {
  if (payload === "*") dropAllCarts();
  else dropUserLists(payload);
}
