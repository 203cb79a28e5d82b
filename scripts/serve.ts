// The production server that `npm start` runs (scripts/launch.ts starts it): Next's own request
// handler behind the page cache of lib/server/page-cache.ts, which answers repeated requests for
// cached catalogue pages without entering Next (see the README's "Performance" section).
//   node --import tsx scripts/serve.ts --port 3000
// PAGE_CACHE_SECONDS (default 60) bounds how long a page is kept, PAGE_CACHE_MB (default 64) how
// much memory the pages take; PAGE_CACHE_MB=0 turns the cache off (Next answers everything).
import { createServer } from "node:http";
import next from "next";
import { captureResponse, PageCache, pageCacheKey } from "../lib/server/page-cache";
import { ROOT } from "./lib/database";

const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

function numberFrom(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    console.error(`${name} must be a number of 0 or more, not ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
}

const port = Number(flag("--port") ?? process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME_BIND ?? "0.0.0.0";
const megabytes = numberFrom("PAGE_CACHE_MB", 64);
const cache = megabytes > 0 ? new PageCache({ maxSeconds: numberFrom("PAGE_CACHE_SECONDS", 60), maxBytes: megabytes * 1024 * 1024 }) : null;

const app = next({ dev: false, dir: ROOT, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  const key = cache ? pageCacheKey(request) : null;
  if (cache && key) {
    if (cache.serve(key, request, response)) return;
    // A miss: Next answers uncompressed (the cache keeps the bytes and compresses them once).
    delete request.headers["accept-encoding"];
    captureResponse(response, (status, headers, body) => cache.store(key, status, headers, body));
  }
  handle(request, response).catch((error: unknown) => {
    console.error(error);
    if (!response.headersSent) response.writeHead(500).end("Internal Server Error");
    else response.destroy();
  });
});

server.listen(port, hostname, () => {
  console.log(`▲ Next.js ${process.env.__NEXT_VERSION ?? ""} production server on http://localhost:${port}${cache ? ` (page cache: ${megabytes} MB)` : ""}`);
});

const stop = () => {
  cache?.close();
  server.close(() => void app.close().finally(() => process.exit(0)));
  // Kept-alive sockets would hold close() open.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
