import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync, inflateSync } from "node:zlib";
import { findApiRoute, type ApiRoute } from "../../api-routes";
import { canonicalProductId } from "../../canonical-path";
import { categoryFilterKey, parseCategoryFilter } from "../../catalog/category-filter";
import { normalizeSearchQuery } from "../../catalog/search-query";
import { searchPageKey } from "../../catalog/search-filter";
import { CACHEABLE_ANSWER_HEADER, keepPurged, stopPurging } from "../platform/answers";
import { chooseEncoding, notModified, type Encoding } from "./negotiation";

// A small response cache in front of Next's request handler (server/serve.ts) for the catalogue
// pages Next serves from its own cache (`Cache-Control: s-maxage=…`): it keeps the finished page
// with its gzip and brotli encodings, as a CDN does on Vercel (why: docs/ENGINEERING.md §10a). Only
// a plain 200 HTML GET of an allowed path: never one setting cookies, an RSC request, draft mode or
// a private render. Entries live at most `maxSeconds` (never past the page's s-maxage);
// `purgePageCache()` drops them all: catalogue writes call it with their revalidateTag.

export type PageCacheOptions = {
  /** Longest life of an entry in seconds; the page's own s-maxage may cut it shorter. */
  maxSeconds: number;
  /** Bound on the bytes held (all encodings together); the least recently used go first. */
  maxBytes: number;
  now?: () => number;
};

const EVERY_ENCODING = { br: true, gzip: true };

type Entry = {
  /**
   * The headers sent with each encoding of the body, and with a 304: made once, when the entry is
   * stored, as flat [name, value, …] lists, which writeHead takes as they are (observe.ts's
   * ObservedResponse appends the request's id).
   */
  sent: Record<Encoding | "notModified", OutgoingHttpHeader[]>;
  bodies: Record<Encoding, Buffer>;
  etag: string;
  expires: number;
  bytes: number;
};

/** Paths whose pages are the same for every visitor (no proxy.ts decision reads cookies there). */
const CACHEABLE_PATH = /^\/(?:$|category-product$|search$|product\/[^/]+$)/;

/** Headers of Next's client-side navigation and prefetch requests: they get RSC payloads, not HTML. */
export const NEXT_REQUEST_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action", "next-url", "x-middleware-prefetch"];

/** Headers as the flat [name, value, …] list writeHead also takes. */
function flatHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeader[] {
  const flat: OutgoingHttpHeader[] = [];
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat.push(name, value);
  return flat;
}

/** Response headers that describe one transfer, not the page (and the mark, never sent on). */
const TRANSFER_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length", "content-encoding", "etag", CACHEABLE_ANSWER_HEADER]);
/** Not kept either: one caller's CORS answer (the front door sets each caller's own), one request's id. */
const NOT_KEPT_HEADERS = new Set([...TRANSFER_HEADERS, "access-control-allow-origin", "access-control-allow-credentials", "x-request-id"]);

/** What an entry costs beyond its bodies (the key, headers, the map): counted against maxBytes. */
const ENTRY_OVERHEAD_BYTES = 1024;

/**
 * The cache key of a request that may be answered from the cache, or null. The key is what the
 * page shows, not the raw address: home and product pages ignore the query string (a random
 * `?r=` cannot force renders or push real pages out), category pages key on their normalised
 * selection and search pages on their normalised query, as proxy.ts rewrites them.
 */
export function pageCacheKey(request: Pick<IncomingMessage, "method" | "url" | "headers">): string | null {
  if (request.method !== "GET" || !request.url?.startsWith("/")) return null;
  const url = parseAddress(request.url);
  // Never kept under a key its address does not spell: a page rendered for `/x/%2e%2e/product/…`
  // must not answer `/product/…` (the front door redirects such addresses before this).
  const queryAt = request.url.indexOf("?");
  if (url.pathname !== (queryAt === -1 ? request.url : request.url.slice(0, queryAt))) return null;
  if (url.pathname.startsWith("/api/")) return apiCacheKey(url);
  if (!CACHEABLE_PATH.test(url.pathname) || url.searchParams.has("_rsc")) return null;
  if (NEXT_REQUEST_HEADERS.some((name) => request.headers[name] !== undefined)) return null;
  if (/(?:^|;\s*)__prerender_bypass=/.test(request.headers.cookie ?? "")) return null;
  if (url.pathname === "/category-product") return `/category-product/${categoryFilterKey(parseCategoryFilter(url.searchParams))}`;
  if (url.pathname === "/search") return `/search/${searchPageKey(url.searchParams)}`;
  return url.pathname;
}

type Address = Pick<URL, "pathname" | "searchParams">;
const NO_QUERY = new URLSearchParams();
/** Characters a URL parser leaves as they are in a path (no escape to normalise, no dot segment to resolve). */
const PLAIN_PATH = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;
/** What the parser rewrites in such a path: `//`, and `.` or `..` segments. */
const ODD_SEGMENTS = /\/\/|\/\.\.?(?:\/|$)/;

/**
 * A request's path and query as `new URL` reads them, without a whole URL parse for the usual
 * address (plain characters; the query read as URLSearchParams reads it, which is what the URL's
 * own searchParams do once the parser has escaped it): one of these ran on every request.
 */
function parseAddress(address: string): Address {
  const queryAt = address.indexOf("?");
  const path = queryAt === -1 ? address : address.slice(0, queryAt);
  if (!PLAIN_PATH.test(path) || ODD_SEGMENTS.test(path) || address.includes("#")) return new URL(`http://store.invalid${address}`);
  return { pathname: path, searchParams: queryAt === -1 ? NO_QUERY : new URLSearchParams(address.slice(queryAt + 1)) };
}

/**
 * The key of a catalogue API read (ApiRoute.cacheKeyParams): its path and only the parameters
 * the endpoint reads, in a fixed order, so a random parameter cannot force a render; and each
 * as the endpoint reads it (canonicalParam, canonicalApiPath), so another spelling of the same
 * read (`?page=0001`, `?page=1e0`, an id in capitals) is the same entry, not a new one.
 */
function apiCacheKey(url: Address): string | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  const route = findApiRoute(path);
  const keyParams = route?.cacheKeyParams;
  if (!route || !keyParams) return null;
  // A repeated parameter is read one way here and another by the handler: not kept.
  if (keyParams.some((name) => url.searchParams.getAll(name).length > 1)) return null;
  const query: string[] = [];
  for (const name of keyParams) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    const canonical = canonicalParam(name, value);
    if (canonical === null) return null;
    query.push(`${name}=${encodeURIComponent(canonical)}`);
  }
  return boundedKey(`api:${canonicalApiPath(route, url.pathname)}?${query.join("&")}`);
}

/**
 * A query parameter as the catalogue endpoints read it: `page` and `limit` as the number
 * lib/schemas.ts's pageQuerySchema makes of them (`0001`, `1e0`, ` 1` are 1), `q` as
 * searchProducts normalises it (spaces collapsed, cut to its length, lower case). Null for a
 * value the endpoint refuses (400: never kept, so it needs no key).
 */
function canonicalParam(name: string, value: string): string | null {
  if (name === "page" || name === "limit") {
    const number = Number(value);
    return Number.isSafeInteger(number) && number >= 1 ? String(number) : null;
  }
  if (name === "q") return normalizeSearchQuery(value).toLowerCase();
  return value;
}

/** The path with its `:id` segment as ids are compared (UUIDs: lower case, canonicalProductId). */
function canonicalApiPath(route: ApiRoute, pathname: string): string {
  const pattern = route.path.split("/");
  if (!pattern.includes(":id")) return pathname;
  return pathname
    .split("/")
    .map((segment, index) => (pattern[index] === ":id" ? canonicalProductId(segment) : segment))
    .join("/");
}

/** Keys longer than this are not kept: real catalogue addresses are far shorter. */
const MAX_KEY_LENGTH = 512;
const boundedKey = (key: string) => (key.length <= MAX_KEY_LENGTH ? key : null);

/**
 * The key of a catalogue read sent as POST with a JSON body (fiter-product): the body's fields
 * the endpoint reads, in a fixed order (the category list as a set). Null for a body that is not
 * such JSON: Next answers it (400) uncached.
 */
export function postCacheKey(path: string, body: Buffer): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const { category, sort, page, limit } = parsed as Record<string, unknown>;
  // The endpoint takes a single string as a list of one, and the list as a set.
  const list = typeof category === "string" ? [category] : category;
  const categories = Array.isArray(list) ? [...new Set(list.map((value) => JSON.stringify(value)))].sort() : JSON.stringify(list ?? null);
  return boundedKey(`api:${path}#${JSON.stringify([categories, sort ?? null, page ?? null, limit ?? null])}`);
}

/** Seconds the response may be kept, or 0 when it must not be. */
export function storableSeconds(status: number, headers: OutgoingHttpHeaders, maxSeconds: number): number {
  if (status !== 200 || headers["set-cookie"] !== undefined || headers["content-encoding"] !== undefined) return 0;
  const marked = headers[CACHEABLE_ANSWER_HEADER];
  if (marked !== undefined) {
    if (!String(headers["content-type"] ?? "").startsWith("application/json")) return 0;
    return Math.max(0, Math.min(Number(marked) || 0, maxSeconds));
  }
  if (!String(headers["content-type"] ?? "").startsWith("text/html")) return 0;
  const cacheControl = String(headers["cache-control"] ?? "");
  if (/private|no-store|no-cache/.test(cacheControl)) return 0;
  const sharedMaxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(cacheControl);
  if (!sharedMaxAge) return 0;
  return Math.min(Number(sharedMaxAge[1]), maxSeconds);
}

/** The best encoding the client accepts for an answer held in every encoding: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | string[] | undefined): Encoding {
  // Browsers send a handful of distinct headers: each is read once, not on every request.
  if (typeof acceptEncoding !== "string" || acceptEncoding.length > 128) return chooseEncoding(acceptEncoding, EVERY_ENCODING);
  let encoding = encodingByHeader.get(acceptEncoding);
  if (encoding === undefined) {
    encoding = chooseEncoding(acceptEncoding, EVERY_ENCODING);
    if (encodingByHeader.size >= 256) encodingByHeader.clear();
    encodingByHeader.set(acceptEncoding, encoding);
  }
  return encoding;
}
const encodingByHeader = new Map<string, Encoding>();

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private cap: number | null = null;
  private stores = 0;
  private generationNow = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
    keepPurged(this);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The bytes held, as counted against maxBytes (GET /metrics). */
  get heldBytes(): number {
    return this.bytes;
  }

  /**
   * Counts the clears: a response whose render began before the last clear may hold what the
   * clear was for, so store() refuses it when given the generation the request began in.
   */
  get generation(): number {
    return this.generationNow;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generationNow += 1;
  }

  /**
   * While this instance may miss catalogue news (its broadcast listener is disconnected): every
   * entry lives at most `seconds`, those already held included. null lifts the limit.
   */
  limitLifetime(seconds: number | null): void {
    this.cap = seconds;
    if (seconds === null) return;
    const latest = this.now() + seconds * 1000;
    for (const entry of this.entries.values()) entry.expires = Math.min(entry.expires, latest);
  }

  /** Stops taking part in purges (a server that closed). */
  close(): void {
    this.clear();
    stopPurging(this);
  }

  /**
   * Keeps a finished identity-encoded response when it may be kept (and began after the last
   * clear). `sent`: headers served with the kept copy in place of these (a signed-in page's shell
   * is kept here but marked private for every other cache).
   */
  store(key: string, status: number, headers: OutgoingHttpHeaders, body: Buffer, generation = this.generationNow, sent: OutgoingHttpHeaders = {}): boolean {
    if (generation !== this.generationNow) return false;
    // Every page the cache hands out carries its Content-Security-Policy.
    if (String(headers["content-type"] ?? "").startsWith("text/html") && !headers["content-security-policy"]) return false;
    const seconds = storableSeconds(status, headers, Math.min(this.options.maxSeconds, this.cap ?? Infinity));
    if (seconds <= 0) return false;
    const kept: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries({ ...headers, ...sent })) if (value !== undefined && !NOT_KEPT_HEADERS.has(name)) kept[name] = value;
    const bodies: Record<Encoding, Buffer> = {
      identity: body,
      gzip: gzipSync(body, { level: 6 }),
      br: brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    };
    const bytes = bodies.identity.length + bodies.gzip.length + bodies.br.length + key.length * 2 + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.options.maxBytes) return false;
    this.delete(key);
    if ((this.stores += 1) % 256 === 0) this.sweep();
    const etag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    const common: OutgoingHttpHeaders = { ...kept, etag, "x-page-cache": "HIT" };
    const vary = String(common.vary ?? "");
    if (!/accept-encoding/i.test(vary)) common.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
    const answers = {
      notModified: flatHeaders(common),
      identity: flatHeaders({ ...common, "content-length": bodies.identity.length }),
      gzip: flatHeaders({ ...common, "content-encoding": "gzip", "content-length": bodies.gzip.length }),
      br: flatHeaders({ ...common, "content-encoding": "br", "content-length": bodies.br.length }),
    };
    this.entries.set(key, { sent: answers, bodies, etag, expires: this.now() + seconds * 1000, bytes });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
    return true;
  }

  /**
   * Answers the request from the cache when it holds the page: 200 with the best encoding the
   * client accepts, or 304 when the client already has it. False when it does not.
   */
  serve(key: string, request: IncomingMessage, response: ServerResponse): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return false;
    }
    // Most recently used last: the map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (notModified(request.headers, entry.etag)) {
      response.writeHead(304, entry.sent.notModified).end();
      return true;
    }
    // The headers were made when the entry was stored (Node reads them, never changes them).
    const encoding = pickEncoding(request.headers["accept-encoding"]);
    response.writeHead(200, entry.sent[encoding]).end(entry.bodies[encoding]);
    return true;
  }

  /** Drops the expired entries (they would otherwise stay until asked for or pushed out). */
  private sweep(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.delete(key);
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/**
 * Holds the response back instead of sending it: status, headers and body are collected until
 * the handler ends it, and then `complete` gets them (and sends them itself, see sendHeld). For
 * pages whose headers depend on the whole body: the CSP names the hashes of every inline script.
 */
export function holdResponse(response: ServerResponse, complete: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  const keep = (chunk: unknown, encoding?: unknown) => {
    if (chunk === undefined || chunk === null || typeof chunk === "function") return;
    if (typeof chunk === "string") chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk)); // a copy: the writer may reuse its buffer
  };
  const callbackOf = (args: unknown[]) => args.find((arg): arg is () => void => typeof arg === "function");
  const written: OutgoingHttpHeaders = {};
  let status: number | undefined;
  const original = { writeHead: response.writeHead, write: response.write, end: response.end, flushHeaders: response.flushHeaders };
  response.writeHead = ((code: number, ...rest: unknown[]) => {
    status = code;
    const headers = rest.find((arg) => typeof arg === "object" && arg !== null);
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) written[String(headers[i]).toLowerCase()] = headers[i + 1] as string;
    } else if (headers) {
      for (const [name, value] of Object.entries(headers)) written[name.toLowerCase()] = value as OutgoingHttpHeaders[string];
    }
    return response;
  }) as ServerResponse["writeHead"];
  response.flushHeaders = () => undefined;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    const callback = callbackOf(rest);
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse["write"];
  response.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    Object.assign(response, original);
    const headers: OutgoingHttpHeaders = { ...response.getHeaders(), ...written };
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    complete(status ?? response.statusCode, headers, Buffer.concat(chunks));
    const callback = callbackOf(rest);
    if (callback) process.nextTick(callback);
    return response;
  }) as ServerResponse["end"];
}

/**
 * Holds the response back (holdResponse) only when it turns out to be HTML, decided by its
 * Content-Type when the handler first sends its head or any of its body; anything else goes
 * through as written, streamed. For answers that are rarely pages but may be (a POST to a page,
 * Next's not-found page under /_next/, a navigation answered with a page): every HTML answer
 * gets its Content-Security-Policy.
 */
export function holdHtml(response: ServerResponse, complete: (status: number, headers: OutgoingHttpHeaders, body: Buffer) => void): void {
  type Methods = Pick<ServerResponse, "writeHead" | "write" | "end" | "flushHeaders">;
  const methodsOf = (from: Methods): Methods => ({ writeHead: from.writeHead, write: from.write, end: from.end, flushHeaders: from.flushHeaders });
  const original = methodsOf(response);
  // Where the calls go once decided. These wrappers stay in place for the whole response: Next's
  // compression wraps write and end after them (and calls them with the compressed bytes), so
  // putting the originals back on the response would unhook it (a streamed answer, such as a
  // router.refresh()'s RSC payload, then never ended).
  const target: Methods = { ...original };
  let decided = false;
  const decide = (headers: unknown) => {
    if (decided) return;
    decided = true;
    if (!/^\s*text\/html/i.test(String(contentTypeIn(headers) ?? response.getHeader("content-type") ?? ""))) return;
    // The hold's own methods, made against the originals, become the target; whatever wraps
    // these wrappers stays as it is.
    const chain = methodsOf(response);
    Object.assign(response, original);
    holdResponse(response, complete);
    Object.assign(target, methodsOf(response));
    Object.assign(response, chain);
  };
  type Call = (...args: unknown[]) => unknown;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    decide(args.find((arg) => typeof arg === "object" && arg !== null));
    return (target.writeHead as Call).apply(response, args);
  } as ServerResponse["writeHead"];
  response.write = function (this: ServerResponse, ...args: unknown[]) {
    decide(undefined);
    return (target.write as Call).apply(response, args);
  } as ServerResponse["write"];
  response.end = function (this: ServerResponse, ...args: unknown[]) {
    decide(undefined);
    return (target.end as Call).apply(response, args);
  } as ServerResponse["end"];
  response.flushHeaders = () => {
    decide(undefined);
    (target.flushHeaders as Call).apply(response, []);
  };
}

/** The Content-Type among headers given to writeHead (an object, or Node's flat [name, value, …] list). */
function contentTypeIn(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    for (let i = 0; i + 1 < headers.length; i += 2) if (String(headers[i]).toLowerCase() === "content-type") return headers[i + 1];
  } else if (headers && typeof headers === "object") {
    for (const [name, value] of Object.entries(headers)) if (name.toLowerCase() === "content-type") return value;
  }
  return undefined;
}

/**
 * A held body as the browser reads it: decoded when the handler compressed it (gzip, deflate,
 * brotli; the Content-Encoding header is then dropped, sendHeld compresses again). Null for an
 * encoding it cannot read.
 */
export function identityBody(headers: OutgoingHttpHeaders, body: Buffer): Buffer | null {
  const encoding = String(headers["content-encoding"] ?? "identity").trim().toLowerCase();
  try {
    const decoded = encoding === "identity" || encoding === "" ? body : encoding === "gzip" || encoding === "x-gzip" ? gunzipSync(body) : encoding === "br" ? brotliDecompressSync(body) : encoding === "deflate" ? inflateSync(body) : null;
    if (decoded) delete headers["content-encoding"];
    return decoded;
  } catch {
    return null;
  }
}

/** Sends a held response, compressed for the client when it is worth it. */
export function sendHeld(request: IncomingMessage, response: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer, acceptEncoding: string | string[] | undefined): void {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !TRANSFER_HEADERS.has(name)) out[name] = value;
  const type = String(headers["content-type"] ?? "");
  const encoding = body.length >= 1024 && /^(?:text\/|application\/json)/.test(type) ? pickEncoding(acceptEncoding) : "identity";
  // A JSON answer is made for one request (the signed-in reads): compressed at the quickest
  // setting, which costs about half of brotli's 4 and gzip's 6 for a few percent more bytes
  // (a cart's lines: 0.13 ms instead of 0.25 on this machine). Pages at the higher ones.
  const quick = type.startsWith("application/json");
  let sent = body;
  if (encoding === "br") sent = brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: quick ? 1 : 4, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
  if (encoding === "gzip") sent = gzipSync(body, { level: quick ? 1 : 6 });
  if (encoding !== "identity") {
    out["content-encoding"] = encoding;
    const vary = String(out.vary ?? "");
    if (!/accept-encoding/i.test(vary)) out.vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  }
  if (status !== 204 && status !== 304) out["content-length"] = sent.length;
  response.writeHead(status, out).end(request.method === "HEAD" ? undefined : sent);
}
