// The production server that `npm start` runs (server/launch.ts starts it; `npm run build`
// compiles it to .next/volt-server/serve.mjs for plain Node): Next's request handler behind the
// front door of lib/server/front-door/ (the client's address, the page cache, each page's
// Content-Security-Policy, the direct routes), inside observe.ts (each request's id, log line and
// metrics), with the catalogue broadcast's listener and the SIGTERM drain. Its settings
// (PAGE_CACHE_SECONDS, PAGE_CACHE_MB, DATABASE_LISTEN_URL, DRAIN_DELAY_MS, LOG_LEVEL, METRICS_TOKEN)
// are in docs/CONFIGURATION.md; the drain and several instances in docs/DEPLOYMENT.md.
// First: Node's source maps off before anything else loads (server/source-maps-off.ts).
import "./source-maps-off";
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import path from "node:path";
import next from "next";
import { readConfig } from "../lib/server/platform/config";
import { PEER_ADDRESS_FLAG } from "../lib/server/platform/client-address";
import { CatalogListener, INSTANCE_ENV, INTERNAL_TOKEN_ENV, INTERNAL_TOKEN_HEADER } from "../lib/server/platform/catalog-broadcast";
import { contentSecurityPolicy } from "../lib/server/front-door/csp";
import { dropUserSessions, setSessionCacheEnabled } from "../lib/server/accounts/session-cache";
import { dropAllCarts, listsChanged, setListCacheEnabled } from "../lib/server/shop-lists/list-cache";
import { frontDoor } from "../lib/server/front-door/front-door";
import { configHeaderRules, loadDirectRoutes } from "./direct-routes";
import { PageCache } from "../lib/server/front-door/page-cache";
import { STATIC_FILES_MAX_BYTES, StaticFiles } from "../lib/server/front-door/static-files";
import { flushObserved, observe, ObservedResponse, PROBES } from "../lib/server/front-door/observe";
import { routeLabeller } from "../lib/server/front-door/route-label";
import { drainLogs, flushLogs, log } from "../lib/server/platform/log";
import { provideMetricsSource } from "../lib/server/platform/metrics";
import { currentRequest } from "../lib/server/platform/request-context";
import { ROOT } from "./root";

const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

const port = Number(flag("--port") ?? process.env.PORT ?? 3000);
/** How long a stopping instance keeps accepting (and turning reads away) before it closes. */
const drainDelayMs = Number(process.env.DRAIN_DELAY_MS?.trim() || 2000);
if (!Number.isInteger(drainDelayMs) || drainDelayMs < 0 || drainDelayMs > 5000) {
  log.fatal(`DRAIN_DELAY_MS must be a whole number of milliseconds from 0 to 5000 (the drain ends within 9 s), not ${JSON.stringify(process.env.DRAIN_DELAY_MS)}`);
  flushLogs();
  process.exit(1);
}
// The launcher has already checked the environment (a bad PAGE_CACHE_* value stops it there).
const { seconds, megabytes } = readConfig().pageCache;
const cache = megabytes > 0 ? new PageCache({ maxSeconds: seconds, maxBytes: megabytes * 1024 * 1024 }) : null;

// The TCP peer of every request, for per-address limits (lib/server/platform/client-address.ts).
process.env[PEER_ADDRESS_FLAG] = "1";
// This process's name in catalogue notifications, and the token of its internal refresh route.
process.env[INSTANCE_ENV] = randomUUID();
process.env[INTERNAL_TOKEN_ENV] = randomBytes(32).toString("base64url");
/** Page lifetime while the catalogue broadcast is disconnected (news may be missed meanwhile). */
const OFFLINE_PAGE_SECONDS = 5;

const app = next({ dev: false, dir: ROOT, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

// Server code (marked "server-only") is loaded from here on (loadDirectRoutes registers the hook
// that lets it load): the direct routes, the session check.
const directRoutes = await loadDirectRoutes();
const { readCookie, readSessionClaims } = await import("../lib/server/accounts/auth");
const { sessionCookieName } = await import("../lib/accounts/session-cookie");
/** The signed-in user's id when the session cookie decodes (decoded once per cookie: auth.ts keeps it). */
const SESSION_COOKIE = sessionCookieName();
const userOf = async (request: IncomingMessage) => (await readSessionClaims(readCookie(request.headers.cookie ?? null, SESSION_COOKIE)))?.sub ?? null;
// Mails waiting and checkout holds, read from the database when /metrics is scraped.
const { readOrderGauges } = await import("../lib/server/orders/order-gauges");
provideMetricsSource("orders", readOrderGauges);
// GET /api/ready's view of this instance: the broadcast listener's state and the drain.
const { reportReadiness } = await import("../lib/server/platform/health");
reportReadiness({ broadcast: "disconnected", draining: false });
const configHeaders = configHeaderRules();
if (!configHeaders) log.warn("next.config.mjs's headers() has conditions: Next answers every API route");

// The build's hashed files, compressed by npm run build, from memory (lib/server/front-door/static-files.ts).
const staticFiles = StaticFiles.load(path.join(ROOT, ".next"), { maxBytes: STATIC_FILES_MAX_BYTES, headers: configHeaders ?? undefined });
if (staticFiles) {
  const left = staticFiles.leftToNext ? `; ${staticFiles.leftToNext} left to Next` : "";
  log.info(`Static files: ${staticFiles.size} served from memory, ${(staticFiles.bytes / 1024 / 1024).toFixed(1)} MB with their brotli and gzip copies${left}`);
} else log.warn("No compressed static files (npm run build makes them): Next serves /_next/static");

const config = readConfig();
const hsts = config.mode === "production" && config.siteUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : undefined;
const door = frontDoor({
  cache,
  staticFiles: staticFiles ? (request, response, pathname) => staticFiles.serve(request, response, pathname) : undefined,
  upstream: handle,
  policy: (hashes) => contentSecurityPolicy(hashes, config),
  headers: hsts,
  // proxy.ts's test for the signed-in pages: the session cookie decodes (its user goes in the log line).
  signedIn: async (request) => {
    const userId = await userOf(request);
    const context = currentRequest();
    if (context) context.userId = userId;
    return userId !== null;
  },
  direct: configHeaders
    ? { handler: (route, method) => directRoutes.get(route)?.[method], configHeaders }
    : undefined,
});

/**
 * Set on SIGTERM: this instance is leaving. While draining, reads (GET, HEAD, OPTIONS) are refused
 * with 504, which nginx retries on another instance (`proxy_next_upstream … http_504`; the store
 * answers no 504 of its own); writes are still answered here, once. /api/health answers 200,
 * /api/ready 503 (docs/ENGINEERING.md §10a, "The drain").
 */
let draining = false;
/** Metrics label requests by the build's app routes (`/product/[id]`), never by their raw path. */
const appRoutes = Object.values(JSON.parse(readFileSync(path.join(ROOT, ".next/app-path-routes-manifest.json"), "utf8")) as Record<string, string>);
if (cache) provideMetricsSource("pageCache", () => ({ bytes: cache.heldBytes, entries: cache.size }));
const server = createServer(
  { ServerResponse: ObservedResponse },
  observe({
    trustedProxyHops: config.trustedProxyHops,
    metricsToken: config.metricsToken,
    routeLabel: routeLabeller(appRoutes),
    userOf,
    handler: (request, response) => {
      if (draining && !PROBES.has(request.url?.split("?")[0] ?? "")) {
        response.setHeader("connection", "close");
        if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") {
          response.writeHead(504, { "content-type": "text/plain; charset=utf-8", "retry-after": "1", "cache-control": "no-store" });
          response.end(request.method === "HEAD" ? undefined : "This instance is stopping; try again.\n");
          return;
        }
      }
      door(request, response);
    },
  }),
);


/** Refreshes Next's catalogue cache in this process (revalidateTag works only inside a request). */
async function refreshNext(stale: boolean): Promise<void> {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/api/internal/catalog-changed`, {
      method: "POST",
      headers: { "content-type": "application/json", [INTERNAL_TOKEN_HEADER]: process.env[INTERNAL_TOKEN_ENV]! },
      body: JSON.stringify({ stale }),
      signal: AbortSignal.timeout(5000),
    });
    if (!answer.ok) log.error(`catalogue refresh answered ${answer.status}`);
  } catch (error) {
    log.error({ err: error }, "catalogue refresh failed");
  }
}

const listener = new CatalogListener({
  connectionString: process.env.DATABASE_LISTEN_URL || process.env.DATABASE_URL!,
  // Next's entries first, then the pages: a page rendered before Next's refresh is dropped, and
  // one whose render began before the clear is not kept (PageCache.generation).
  // Carts carry their products: dropped at once, before Next's refresh.
  onChange: () => {
    dropAllCarts();
    void refreshNext(false).then(() => cache?.clear());
  },
  onSessionChange: dropUserSessions,
  onListsChange: listsChanged,
  // Disconnected, news may be missed: pages live briefly and no session is served from memory.
  onState: (connected) => {
    reportReadiness({ broadcast: connected ? "connected" : "disconnected" });
    cache?.limitLifetime(connected ? null : OFFLINE_PAGE_SECONDS);
    setSessionCacheEnabled(connected);
    setListCacheEnabled(connected);
  },
  log: (line) => log.info(line),
});
cache?.limitLifetime(OFFLINE_PAGE_SECONDS);
provideMetricsSource("broadcast", () => listener.connected);
// While disconnected, Next's catalogue entries are marked stale every few seconds: they are
// rendered again when the database answers, and kept when it does not.
const offlineRefresh = setInterval(() => {
  if (!listener.connected) void refreshNext(true);
}, OFFLINE_PAGE_SECONDS * 1000).unref();

server.listen(port, () => {
  log.info(`Production server on port ${port}, ${cache ? `page cache ${megabytes} MB, pages kept up to ${seconds} s` : "page cache off"}`);
});

void listener.start();

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  draining = true;
  reportReadiness({ draining: true });
  log.info(`Stopping: reads go to other instances for ${drainDelayMs} ms, then the requests in flight finish`);
  clearInterval(offlineRefresh);
  setTimeout(() => {
    log.error("Requests still open 9 s after the signal: stopping anyway");
    flushObserved();
    flushLogs();
    process.exit(1);
  }, 9000).unref();
  // Closing the listening socket resets the connections the kernel has queued and Node has not
  // yet accepted, with whatever request nginx wrote into them: a write there fails (502) rather
  // than being sent on. The delay first lets the balancer stop choosing this instance.
  setTimeout(() => {
    // No new connections from here; the requests in flight finish, and their kept-alive
    // connections close after them.
    server.close(() => {
      cache?.close();
      void Promise.allSettled([listener.stop(), app.close()])
        .then(() => {
          flushObserved();
          return drainLogs();
        })
        .finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  }, drainDelayMs);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
