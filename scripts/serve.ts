// The production server that `npm start` runs (scripts/launch.ts starts it): Next's own request
// handler behind the front door of lib/server/front-door.ts: the client's socket address for the
// limits, the page cache (repeated catalogue pages answered without entering Next) and each
// page's hash-based Content-Security-Policy (README, Architecture: "Front door and page cache").
//   node --import tsx scripts/serve.ts --port 3000
// PAGE_CACHE_SECONDS (default 60) bounds how long a page is kept, PAGE_CACHE_MB (default 64) how
// much memory the pages take; PAGE_CACHE_MB=0 turns the cache off (Next answers everything).
import { createServer } from "node:http";
import next from "next";
import { readConfig } from "../lib/server/config";
import { PEER_ADDRESS_FLAG } from "../lib/server/client-address";
import { contentSecurityPolicy } from "../lib/server/csp";
import { frontDoor } from "../lib/server/front-door";
import { PageCache } from "../lib/server/page-cache";
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

const config = readConfig();
const hsts = config.mode === "production" && config.siteUrl.startsWith("https://") ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : undefined;
const server = createServer(
  frontDoor({
    cache,
    upstream: handle,
    policy: (hashes) => contentSecurityPolicy(hashes, config),
    headers: hsts,
  }),
);

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
