import { createHash, timingSafeEqual } from "node:crypto";
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from "node:http";
import { hostname } from "node:os";
import { isoTime, log, writeLogLines } from "../platform/log";
import { metrics, metricsText, statusClass } from "../platform/metrics";
import { requestIdFor, runInRequest, type RequestContext } from "../platform/request-context";

// What server/serve.ts wraps around its whole request handler: every request gets an id (a
// trusted proxy's X-Request-Id, or a new one) sent back as X-Request-Id and carried by every log
// line written while it is handled (request-context.ts); when its answer is done, one log line
// (time, id, method, path without the query, status, duration, bytes, the page cache's outcome,
// the signed-in user) and its metrics (metrics.ts). GET /metrics is answered here, before
// anything else, to a caller with the bearer token METRICS_TOKEN; to anyone else (or when no
// token is set) it is an unknown path like any other (Next's 404).
// No "server-only": it runs outside Next's bundles.

export type ObserveOptions = {
  /** The handler behind (the front door). */
  handler: (request: IncomingMessage, response: ServerResponse) => void;
  /** TRUSTED_PROXY_HOPS: a client's X-Request-Id is taken only behind a trusted proxy. */
  trustedProxyHops: number;
  /** METRICS_TOKEN: GET /metrics answers only with it; undefined: never. */
  metricsToken: string | undefined;
  /** The route pattern of a path, for the metrics' labels (route-label.ts). */
  routeLabel: (path: string) => string;
  /** The signed-in user's id when the session cookie decodes, else null (asked only when there is a cookie). */
  userOf?: (request: IncomingMessage) => Promise<string | null>;
  /** Where the request lines go (log.ts's writeLogLines; tests capture them). */
  writeLines?: (text: string, level: "info" | "debug") => void;
};

/** The probes: polled every few seconds by every balancer, logged only when they fail (and answered while draining, server/serve.ts). */
export const PROBES: ReadonlySet<string> = new Set(["/api/health", "/api/ready"]);
/** The methods counted by name (Node's parser accepts some thirty; the rest are "other"). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Longest path written to a log line. */
const PATH_MAX = 512;

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the Authorization header is `Bearer <token>` (in constant time: hashes of equal length). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

const { write: WRITE, end: END } = ServerResponse.prototype;

/** The bytes of a chunk given to write or end (none for a callback or nothing). */
function byteCount(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === "string") return Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}

/**
 * The server's response class (server/serve.ts passes it to createServer): it adds the request's
 * id (X-Request-Id) when the headers are written instead of with a setHeader call when the request
 * arrives. A setHeader before writeHead sends every header of the answer through Node's slow path
 * (each set, checked and stored again); a pre-made answer given as a list of headers (the page
 * cache's flat [name, value, …] lists) gets the id appended and keeps the quick one.
 */
export class ObservedResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** The id still to be sent; undefined once it is (or for a response observe() did not see). */
  requestId: string | undefined = undefined;
  /** The body bytes written so far (headers aside), for the log line and the metrics. */
  bodyBytes = 0;
  /** What observe() knows of the request: when it came, its path and context. */
  observedAt = 0;
  observedPath = "";
  observedContext: RequestContext | undefined = undefined;
  /** Called once as the response closes (observe() sets one function for every request, no listener each). */
  whenClosed: ((response: ObservedResponse<Request>) => void) | undefined = undefined;

  override emit(event: string | symbol, ...args: unknown[]): boolean {
    if (event === "close" && this.whenClosed) {
      const closed = this.whenClosed;
      this.whenClosed = undefined;
      closed(this);
    }
    return super.emit(event, ...args);
  }

  override write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    this.bodyBytes += byteCount(chunk, encoding);
    return (WRITE as (...args: unknown[]) => boolean).call(this, chunk, encoding, callback);
  }

  override end(chunk?: unknown, encoding?: unknown, callback?: unknown): this {
    if (typeof chunk !== "function") this.bodyBytes += byteCount(chunk, encoding);
    return (END as (...args: unknown[]) => this).call(this, chunk, encoding, callback);
  }

  override writeHead(statusCode: number, reasonOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    const reason = typeof reasonOrHeaders === "string" ? reasonOrHeaders : undefined;
    // Node takes the headers third after a reason, or second (a null or undefined reason included).
    let given: OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined = typeof reasonOrHeaders === "string" ? headers : (reasonOrHeaders ?? headers);
    if (this.requestId !== undefined && !this.headersSent) {
      // [[name, value], …] pairs too, as one flat list (Node takes pairs only on its quick path).
      if (Array.isArray(given)) given = [...(Array.isArray(given[0]) ? given.flat() : given), "X-Request-Id", this.requestId];
      else this.setHeader("X-Request-Id", this.requestId);
    }
    const written = reason === undefined ? super.writeHead(statusCode, given) : super.writeHead(statusCode, reason, given);
    // Only once they are written: an answer made after a refused writeHead still carries the id.
    this.requestId = undefined;
    return written;
  }

}

/** A finished request, as its log line and metrics need it (made into both in batches, flushObserved). */
type Finished = {
  id: string;
  method: string;
  path: string;
  status: number;
  seconds: number;
  bytes: number;
  context: RequestContext;
  aborted: boolean;
  /** The request, while its user is still to be read from its cookie (options.userOf). */
  request: IncomingMessage | null;
  time: number;
};

/** Every observe()'s batch (normally one), for flushObserved. */
const batches = new Set<() => void>();

/**
 * Makes the finished requests' log lines and metrics now rather than at the end of this turn of
 * the event loop: before /metrics answers, and before a stopping server writes its last lines.
 */
export function flushObserved(): void {
  for (const flush of batches) flush();
}

const HOSTNAME = JSON.stringify(hostname());
/** A string as JSON: most need no escaping, and are written as they are. */
const jsonString = (text: string) => (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text) ? `"${text}"` : JSON.stringify(text));
/** The JSON of a label drawn from a small set (a method, a route pattern, a cache outcome), made once. */
const labelsAsJson = new Map<string, string>();
const labelJson = (text: string) => {
  let json = labelsAsJson.get(text);
  if (json === undefined) {
    json = jsonString(text);
    if (labelsAsJson.size < 1_000) labelsAsJson.set(text, json);
  }
  return json;
};

/**
 * The request's log line, exactly as pino writes `log.info({ requestId, method, … }, "request")`
 * with the store's options (log.ts; tests/unit/observe.test.ts holds it to that): written by hand,
 * many to a write, since every request has one.
 */
export function requestLine(level: "info" | "debug", time: number, fields: { requestId: string; method: string; path: string; route: string; status: number; ms: number; bytes: number; cache: string; aborted?: boolean; userId?: string }): string {
  let line = `{"level":"${level}","time":"${isoTime(time)}","pid":${process.pid},"hostname":${HOSTNAME},"requestId":${jsonString(fields.requestId)},"method":${labelJson(fields.method)},"path":${jsonString(fields.path)},"route":${labelJson(fields.route)},"status":${fields.status},"ms":${fields.ms},"bytes":${fields.bytes},"cache":${labelJson(fields.cache)}`;
  if (fields.aborted) line += `,"aborted":true`;
  if (fields.userId) line += `,"userId":${jsonString(fields.userId)}`;
  return `${line},"msg":"request"}\n`;
}

export function observe(options: ObserveOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { requests, duration, responseBytes, cacheLookups } = metrics();
  const writeLines = options.writeLines ?? writeLogLines;
  // Each series' child, found once: prom-client otherwise hashes the labels on every call.
  const series = new Map<string, { count: { inc: (value?: number) => void }; time: { observe: (value: number) => void } }>();
  const seriesOf = (route: string, method: string, status: string) => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = { count: requests.labels(route, method, status), time: duration.labels(route, method, status) };
      series.set(key, found);
    }
    return found;
  };
  const bytesBy = new Map<string, { inc: (value: number) => void }>();
  const lookupsBy = new Map<string, { inc: () => void }>();

  // Finished requests wait here for the end of the event loop's turn: their lines are made and
  // written together, one write for the lot, and their metrics counted (the request itself only
  // notes what it did).
  let pending: Finished[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const done = pending;
    pending = [];
    let info = "";
    let debug = "";
    for (const finished of done) {
      const { context, status, path } = finished;
      const methodLabel = METHODS.has(finished.method) ? finished.method : "other";
      const route = options.routeLabel(path);
      const cache = context.cache ?? (route === "/_next/static/*" ? "static" : "bypass");
      const { count, time } = seriesOf(route, methodLabel, statusClass(status));
      count.inc();
      time.observe(finished.seconds);
      let bytes = bytesBy.get(cache);
      if (!bytes) bytesBy.set(cache, (bytes = responseBytes.labels(cache)));
      bytes.inc(finished.bytes);
      if (context.cache === "hit" || context.cache === "miss") {
        const kind = context.cacheKind ?? "page";
        let lookups = lookupsBy.get(`${kind} ${context.cache}`);
        if (!lookups) lookupsBy.set(`${kind} ${context.cache}`, (lookups = cacheLookups.labels(kind, context.cache)));
        lookups.inc();
      }
      const quiet = (PROBES.has(path) || path === "/metrics") && status < 400;
      if (quiet && !log.isLevelEnabled("debug")) continue;
      const fields = {
        requestId: finished.id,
        method: finished.method,
        path: path.length > PATH_MAX ? `${path.slice(0, PATH_MAX)}…` : path,
        route,
        status,
        ms: Math.round(finished.seconds * 10_000) / 10,
        bytes: finished.bytes,
        cache,
        aborted: finished.aborted,
        userId: context.userId ?? undefined,
      };
      const level = quiet ? "debug" : "info";
      if (context.userId !== undefined || !finished.request) {
        const line = requestLine(level, finished.time, fields);
        if (quiet) debug += line;
        else info += line;
      } else {
        // The user is read from the cookie (decoded once per cookie, so this is quick), then written.
        const write = (userId: string | null) => {
          fields.userId = userId ?? undefined;
          writeLines(requestLine(level, finished.time, fields), level);
        };
        options.userOf!(finished.request).then(write, () => write(null));
      }
    }
    if (info) writeLines(info, "info");
    if (debug) writeLines(debug, "debug");
  };
  batches.add(flush);

  /** A request's answer is done (or abandoned): its line and metrics wait for the batch. */
  const closed = (request: IncomingMessage, response: ServerResponse, started: number, path: string, context: RequestContext, bytes: number) => {
    pending.push({
      id: context.id,
      method: request.method ?? "GET",
      path,
      status: response.statusCode,
      seconds: (performance.now() - started) / 1000,
      bytes,
      context,
      aborted: !response.writableFinished,
      request: options.userOf && request.headers.cookie ? request : null,
      time: Date.now(),
    });
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  const closedObserved = (response: ObservedResponse) => closed(response.req, response, response.observedAt, response.observedPath, response.observedContext!, response.bodyBytes);

  return (request, response) => {
    const started = performance.now();
    const id = requestIdFor(request.headers["x-request-id"], options.trustedProxyHops);
    // What the handlers behind read is the id in use (a client's own header only when trusted).
    request.headers["x-request-id"] = id;
    const observed = response instanceof ObservedResponse ? response : null;
    if (observed) observed.requestId = id;
    else response.setHeader("X-Request-Id", id);
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const context: RequestContext = { id };

    // The body bytes sent (headers aside), counted as they are written: by ObservedResponse
    // itself, or by wrappers on a response of another class.
    let bytes = 0;
    if (!observed) {
      const { write, end } = response;
      response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
        bytes += byteCount(chunk, rest[0]);
        return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
      } as ServerResponse["write"];
      response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
        if (typeof chunk !== "function") bytes += byteCount(chunk, rest[0]);
        return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      } as ServerResponse["end"];
    }

    if (observed) {
      observed.observedAt = started;
      observed.observedPath = path;
      observed.observedContext = context;
      observed.whenClosed = closedObserved;
    } else response.once("close", () => closed(request, response, started, path, context, bytes));

    if (path === "/metrics" && request.method === "GET" && options.metricsToken && bearerMatches(request.headers.authorization, options.metricsToken)) {
      flushObserved();
    metricsText().then(
        ({ contentType, body }) => response.writeHead(200, { "content-type": contentType, "cache-control": "no-store" }).end(body),
        (error: unknown) => {
          log.error({ err: error }, "metrics: the scrape failed");
          response.writeHead(500, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" }).end("metrics unavailable\n");
        },
      );
      return;
    }
    runInRequest(context, () => options.handler(request, response));
  };
}
