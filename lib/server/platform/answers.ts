// What the front door (outside Next, server/serve.ts) and the route handlers (inside it) must
// agree on, in the platform room so that both may import it: the API's error envelope for
// answers made before or around Next, the marks between a catalogue handler and the page cache,
// and the purge that catalogue writes call on every page cache of the process. No
// "server-only": the front door loads it outside Next's bundles.

export type GateAnswer = { status: number; headers: Record<string, string>; body: string | null };

/** What a failure outside our handlers says (a 500): nothing about the cause. */
export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again.";

/** An error in the API's shape, answered before or around Next (the gate, the front door's direct routes). */
export const jsonError = (status: number, message: string, headers: Record<string, string> = {}): GateAnswer => ({
  status,
  headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'", ...headers },
  body: JSON.stringify({ success: false, error: true, message }),
});

/**
 * A method of the front door's light request (front-door/direct-request.ts): its body in one
 * Buffer, or null as soon as it passes the cap. readRawBody (http.ts) reads that way when it can.
 */
export const READ_BODY_CAPPED = Symbol.for("volt.read-body-capped");

const JSON_BODIES = Symbol.for("volt.json-bodies");

function jsonBodies(): WeakMap<Response, string> {
  const holder = globalThis as typeof globalThis & { [JSON_BODIES]?: WeakMap<Response, string> };
  return (holder[JSON_BODIES] ??= new WeakMap());
}

/** Remembers the text a JSON answer was made from (http.ts), for the front door's direct routes. */
export function rememberJsonBody(response: Response, text: string): void {
  jsonBodies().set(response, text);
}

/** The text a JSON answer was made from, when rememberJsonBody was told: its body, unread. */
export function jsonBodyOf(response: Response): string | undefined {
  return jsonBodies().get(response);
}

/**
 * Set by a catalogue API handler on an answer the front door may keep (its value: seconds at
 * most). Never sent on: API answers stay `no-store` for browsers and CDNs, which could not be
 * told of a catalogue change; the front door's copy is dropped on every one.
 */
export const CACHEABLE_ANSWER_HEADER = "x-volt-cacheable";

/** Set by the front door on a request whose answer it would keep (any copy a client sends is dropped). */
export const CACHE_CANDIDATE_HEADER = "x-volt-cache-candidate";

/** Something purgePageCache empties (the front door's PageCache). */
export type Purgeable = { clear(): void };

const GLOBAL_KEY = Symbol.for("volt.page-cache");

function registry(): Set<Purgeable> {
  const holder = globalThis as typeof globalThis & { [GLOBAL_KEY]?: Set<Purgeable> };
  return (holder[GLOBAL_KEY] ??= new Set());
}

/** Takes part in purgePageCache until stopPurging. */
export function keepPurged(cache: Purgeable): void {
  registry().add(cache);
}

export function stopPurging(cache: Purgeable): void {
  registry().delete(cache);
}

/**
 * Drops every cached page in this process. The server bundle and server/serve.ts load this module
 * separately; they meet through a global registry.
 */
export function purgePageCache(): void {
  for (const cache of registry()) cache.clear();
}
