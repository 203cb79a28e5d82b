import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

// The request a piece of server code is running for: its id (every log line written while
// handling it carries the id, lib/server/platform/log.ts), and what the front door learned about
// it for the request's log line and metrics (the page cache's outcome, the signed-in user).
// server/serve.ts starts one per request (AsyncLocalStorage follows the request through Next's
// handler and every promise it awaits). Kept on globalThis: the front door's bundle
// (.next/volt-server/serve.mjs) and Next's bundles each hold a copy of this module, and both
// must see the same store.
// No "server-only": server/serve.ts loads it outside Next's bundles.

/** How a request was answered with respect to the page cache (page-cache.ts). */
export type CacheOutcome =
  /** Answered from the page cache (a page or a catalogue API answer). */
  | "hit"
  /** Could have been: rendered by Next, and kept when it may be. */
  | "miss"
  /** Not a cacheable request (personal, a write, not a catalogue path, the cache off). */
  | "bypass"
  /** A build file under /_next/static. */
  | "static";

export type RequestContext = {
  /** The request id: sent back as X-Request-Id, on every log line. */
  id: string;
  /** What the page cache did, when the front door asked it; `cacheKind` whose entry it was. */
  cache?: CacheOutcome;
  cacheKind?: "page" | "api";
  /** The signed-in user, when the front door already decoded the session cookie. */
  userId?: string | null;
  /**
   * Answered by the front door's direct route (front-door.ts answerDirectly), which takes a JSON
   * answer's text as the handler made it: such answers need no body stream (http.ts json).
   */
  direct?: boolean;
};

const KEY = Symbol.for("volt.request-context");
const slot = globalThis as unknown as { [KEY]?: AsyncLocalStorage<RequestContext> };
const storage: AsyncLocalStorage<RequestContext> = (slot[KEY] ??= new AsyncLocalStorage<RequestContext>());

/** Runs `work` as part of the request `context`. */
export function runInRequest<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The request being handled, or undefined outside one (start-up, timers, the broadcast). */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The front door's mark: how the page cache answered this request (the first mark stands). */
export function markCache(outcome: CacheOutcome, kind?: "page" | "api"): void {
  const context = storage.getStore();
  if (!context || context.cache) return;
  context.cache = outcome;
  if (kind) context.cacheKind = kind;
}

/** A request id a client may not choose freely: short, of safe characters (it ends up in logs). */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The id of a request: the one a trusted proxy gave it in X-Request-Id (nginx's $request_id), so
 * one id follows the request through the proxy's and the store's logs, or a new one. A client's
 * own header counts only behind a trusted proxy (`trustedProxyHops` > 0), and only when sane.
 */
export function requestIdFor(header: string | string[] | undefined, trustedProxyHops: number): string {
  if (trustedProxyHops > 0 && typeof header === "string" && SANE_ID.test(header)) return header;
  return randomUUID();
}
