// The production server that `npm start` runs (scripts/launch.ts starts it): Next's own request
// handler behind the page cache of lib/server/page-cache.ts, which answers repeated requests for
// cached catalogue pages without entering Next (README, Architecture: "Page cache").
//   node --import tsx scripts/serve.ts --port 3000
// PAGE_CACHE_SECONDS (default 60) bounds how long a page is kept, PAGE_CACHE_MB (default 64) how
// much memory the pages take; PAGE_CACHE_MB=0 turns the cache off (Next answers everything).
import { createServer } from "node:http";
import next from "next";
import { readConfig } from "../lib/server/config";
import { PEER_ADDRESS_FLAG, PEER_ADDRESS_HEADER } from "../lib/server/client-address";
import { captureResponse, PageCache, pageCacheKey } from "../lib/server/page-cache";
import { ROOT } from "./lib/database";

const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

const port = Number(flag("--port") ?? process.env.PORT ?? 3000);
// The launcher has already checked the environment (a bad PAGE_CACHE_* value stops it there).
const { seconds, megabytes } = readConfig().pageCache;
const cache = megabytes > 0 ? new PageCache({ maxSeconds: seconds, maxBytes: megabytes * 1024 * 1024 }) : null;

// The TCP peer of every request, for per-address limits (lib/server/client-address.ts).
process.env[PEER_ADDRESS_FLAG] = "1";

const app = next({ dev: false, dir: ROOT, port, hostname: "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  request.headers[PEER_ADDRESS_HEADER] = request.socket.remoteAddress ?? "";
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

server.listen(port, () => {
  console.log(`[store] Production server on port ${port}, ${cache ? `page cache ${megabytes} MB, pages kept up to ${seconds} s` : "page cache off"}`);
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
