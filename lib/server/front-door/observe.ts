import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { log } from "../platform/log";
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

export function observe(options: ObserveOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { requests, duration, responseBytes, cacheLookups } = metrics();
  // Each series' child, found once: prom-client otherwise hashes the labels on every call.
  const series = new Map<string, { count: { inc: () => void }; time: { observe: (value: number) => void } }>();
  const seriesOf = (route: string, method: string, status: string) => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = { count: requests.labels(route, method, status), time: duration.labels(route, method, status) };
      series.set(key, found);
    }
    return found;
  };
  return (request, response) => {
    const started = performance.now();
    const id = requestIdFor(request.headers["x-request-id"], options.trustedProxyHops);
    // What the handlers behind read is the id in use (a client's own header only when trusted).
    request.headers["x-request-id"] = id;
    response.setHeader("X-Request-Id", id);
    const url = request.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const context: RequestContext = { id };

    // The body bytes sent (headers aside), counted as they are written.
    let bytes = 0;
    const { write, end } = response;
    const count = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === "string") bytes += Buffer.byteLength(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
      else if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
    };
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      count(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse["write"];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== "function") count(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse["end"];

    response.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      const status = response.statusCode;
      const method = request.method ?? "GET";
      const methodLabel = METHODS.has(method) ? method : "other";
      const route = options.routeLabel(path);
      const statusLabel = statusClass(status);
      const cache = context.cache ?? (route === "/_next/static/*" ? "static" : "bypass");
      const { count, time } = seriesOf(route, methodLabel, statusLabel);
      count.inc();
      time.observe(seconds);
      responseBytes.inc({ cache }, bytes);
      if (context.cache === "hit" || context.cache === "miss") cacheLookups.inc({ kind: context.cacheKind ?? "page", outcome: context.cache });
      const quiet = (PROBES.has(path) || path === "/metrics") && status < 400;
      if (quiet && !log.isLevelEnabled("debug")) return;
      const line = {
        requestId: id,
        method,
        path: path.length > PATH_MAX ? `${path.slice(0, PATH_MAX)}…` : path,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        bytes,
        cache,
        ...(response.writableFinished ? {} : { aborted: true }),
      };
      const write = (userId: string | null | undefined) => {
        const entry = userId ? { ...line, userId } : line;
        if (quiet) log.debug(entry, "request");
        else log.info(entry, "request");
      };
      if (context.userId !== undefined || !options.userOf || !request.headers.cookie) write(context.userId);
      else options.userOf(request).then(write, () => write(null));
    });

    if (path === "/metrics" && request.method === "GET" && options.metricsToken && bearerMatches(request.headers.authorization, options.metricsToken)) {
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
