// A signed-in shopper's wishlist count and cart lines kept in memory for a few seconds: every page
// of the store asks for both (the header's badges), and each was a database query. Safe only
// while this instance hears every change to them: PostgreSQL triggers on "CartItem" and
// "WishlistItem" (migration 20261126140000_lists_notify) send the owner's id on LISTS_CHANNEL
// when a line is added, changed or removed, and server/serve.ts's listener drops that shopper's
// entries (catalog-broadcast.ts); a catalogue change (a price, an archive, stock that shows on
// screen) drops every cart, whose lines carry their products. So, as the session cache
// (accounts/session-cache.ts), it is on only while that listener is connected: not under
// `next dev`, Vitest or a platform without server/serve.ts, and not while the listener is
// reconnecting (everything is dropped when it disconnects). The instance that makes a change
// drops the shopper's entries itself at once too. The Next bundle and server/serve.ts load this
// module separately; they share one registry on globalThis.
// No "server-only": server/serve.ts imports it.

/** How long a list read from the database is trusted without asking again. */
export const LIST_CACHE_SECONDS = 10;
const MAX_ENTRIES = 20_000;

export type ListKind = "wishlistCount" | "cart";
type Entry = { value: unknown; until: number };
type Registry = { enabled: boolean; lists: Record<ListKind, Map<string, Entry>>; generation: number };

const KEY = Symbol.for("volt.list-cache");

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [KEY]?: Registry };
  return (holder[KEY] ??= { enabled: false, lists: { wishlistCount: new Map(), cart: new Map() }, generation: 0 });
}

/** Turns the cache on (the listener is connected) or off (everything kept is dropped). */
export function setListCacheEnabled(enabled: boolean): void {
  const cache = registry();
  cache.enabled = enabled;
  cache.generation += 1;
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

/** Counts the drops: a list read before a drop (it may predate the change) is not kept. */
export function listCacheGeneration(): number {
  return registry().generation;
}

/** Keeps a list read from the database when the cache is on and nothing was dropped since `generation`. */
export function keepList(kind: ListKind, userId: string, value: unknown, generation: number, now = Date.now()): void {
  const cache = registry();
  if (!cache.enabled || generation !== cache.generation) return;
  const list = cache.lists[kind];
  list.delete(userId);
  list.set(userId, { value, until: now + LIST_CACHE_SECONDS * 1000 });
  if (list.size > MAX_ENTRIES) list.delete(list.keys().next().value!);
}

/**
 * The shopper's list from memory, or read by `read` (and kept). The value is shared by every
 * request that gets it: callers never change it.
 */
export async function throughListCache<T>(kind: ListKind, userId: string, read: () => Promise<T>): Promise<T> {
  const kept = cachedList<T>(kind, userId);
  if (kept !== undefined) return kept;
  const generation = listCacheGeneration();
  const value = await read();
  keepList(kind, userId, value, generation);
  return value;
}

/** Drops the shopper's lists (a line added, changed or removed, here or on another instance). */
export function dropUserLists(userId: string): void {
  const cache = registry();
  cache.generation += 1;
  for (const list of Object.values(cache.lists)) list.delete(userId);
}

/** Drops every cart (the catalogue changed: the lines' products may have). */
export function dropAllCarts(): void {
  const cache = registry();
  cache.generation += 1;
  cache.lists.cart.clear();
}
