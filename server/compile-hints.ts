// V8 explicit compile hints (https://v8.dev/blog/explicit-compile-hints, Chrome 136+): a file
// that starts with this comment has all its functions compiled eagerly while the script streams
// in, off the main thread. Without it V8 compiles each function lazily on its first call, on the
// main thread: for the framework chunks every page loads (React DOM, Next's router, the Turbopack
// runtime) that was ~40 % of the first hydration task, the longest task of every page load.
// `npm run build` adds the hint to those chunks (the build manifest's rootMainFiles) after
// `next build`; page chunks are left lazy.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** Adds the hint to the root chunks of a build in `nextDir` (idempotent); returns the files changed. */
export function addCompileHints(nextDir: string): string[] {
  const manifestFile = path.join(nextDir, "build-manifest.json");
  if (!existsSync(manifestFile)) throw new Error(`No build manifest at ${manifestFile}: run next build first`);
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { rootMainFiles?: unknown };
  const files = Array.isArray(manifest.rootMainFiles) ? manifest.rootMainFiles.filter((file): file is string => typeof file === "string") : [];
  const changed: string[] = [];
  for (const file of files) {
    if (!file.endsWith(".js")) continue;
    const absolute = path.join(nextDir, file);
    // Only files inside the build directory (the manifest is ours, but paths are joined, not trusted).
    if (!absolute.startsWith(path.resolve(nextDir) + path.sep) || !existsSync(absolute)) continue;
    const source = readFileSync(absolute, "utf8");
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(absolute, COMPILE_HINT + source);
    changed.push(file);
  }
  return changed;
}
