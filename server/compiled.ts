// Where `npm run build` puts the compiled production server (server/build-server.ts), for the
// build, the launcher that runs it and the direct routes' loader. No imports beyond Node's, so
// the launcher does not load esbuild to find it.
import path from "node:path";
import { ROOT } from "./root";

export const SERVER_BUILD_DIR = path.join(ROOT, ".next", "volt-server");
export const SERVER_ENTRY = path.join(SERVER_BUILD_DIR, "serve.mjs");

/** The compiled module of a direct route's file, relative to SERVER_BUILD_DIR, without its extension. */
export const directRouteEntry = (file: string) => `routes/${file.replace(/^app\/api\//, "").replace(/\/route\.ts$/, "").replace(/[^A-Za-z0-9_-]+/g, "_")}`;
