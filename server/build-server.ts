// The production server as plain JavaScript, made by `npm run build` after `next build`: esbuild
// bundles the launcher (server/launch.ts, for `npm start`), the server (server/serve.ts) and the
// route files of the `direct` routes (lib/api-routes.ts) into
// .next/volt-server/ (ES modules, the code they share in common chunks), with every npm package
// left to Node (`packages: "external"`) and "server-only" as an empty module (the front door
// loads those route handlers itself, outside React's server bundle). `npm start` runs
// .next/volt-server/launch.mjs, which runs serve.mjs, both with plain Node: no TypeScript loader
// in either process. The modules find the repository's root by its package.json
// (server/root.ts), so their paths hold both as TypeScript and bundled here.
import { build, type Plugin } from "esbuild";
import { rmSync } from "node:fs";
import path from "node:path";
import { API_ROUTES, routeFile } from "../lib/api-routes";
import { directRouteEntry, SERVER_BUILD_DIR } from "./compiled";
import { ROOT } from "./root";



const serverOnlyIsEmpty: Plugin = {
  name: "server-only-is-empty",
  setup(builder) {
    builder.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "empty" }));
    builder.onLoad({ filter: /.*/, namespace: "empty" }, () => ({ contents: "export {};", loader: "js" }));
  },
};

/**
 * Next's entry points without an extension (`next/server`, `next/cache`): Node's own ESM loader
 * finds only the files themselves (Next's package has no exports map), so they are named whole.
 */
const nextSubpathsWhole: Plugin = {
  name: "next-subpaths-whole",
  setup(builder) {
    builder.onResolve({ filter: /^next\/[a-z-]+$/ }, (args) => ({ path: `${args.path}.js`, external: true }));
  },
};

/** Compiles the server into `outdir` (SERVER_BUILD_DIR unless a test names another). */
export async function buildServer(outdir: string = SERVER_BUILD_DIR): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  const routes = API_ROUTES.filter((route) => route.direct).map((route) => routeFile(route));
  await build({
    absWorkingDir: ROOT,
    entryPoints: { launch: "server/launch.ts", serve: "server/serve.ts", ...Object.fromEntries(routes.map((file) => [directRouteEntry(file), file])) },
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    tsconfig: path.join(ROOT, "tsconfig.json"),
    plugins: [serverOnlyIsEmpty, nextSubpathsWhole],
    // The direct routes' loader picks the compiled files when this is set (direct-routes.ts).
    define: { "process.env.STORE_COMPILED_SERVER": '"1"' },
    logLevel: "warning",
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
