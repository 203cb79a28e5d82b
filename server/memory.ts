// How much memory the store may use, and the V8 heap that fits in it. A Node process left to
// itself sizes its heap from the machine's memory (about 4 GB on a large host) and collects
// garbage lazily, so under load it grows far past what a 512 MB container allows and is killed.
// The launcher gives the server a heap limit from STORE_MEMORY_MB, or else from the memory limit
// of the container (cgroup v2 memory.max, or v1 memory.limit_in_bytes) it runs in.
import { cgroupLimitMb } from "./cgroup";

/**
 * The share of the memory limit given to V8's old space. The rest is for V8's young generation
 * and code, the page cache's buffers (outside the heap), PostgreSQL when it is embedded, and the
 * launcher (with the provider emulators in demo mode). At 55 % a 512 MB bench run was killed once
 * the signed-in routes ran fast enough to fill the heap: the server reached 350 MB beside a
 * launcher of 100–140 MB.
 */
export const HEAP_SHARE = 0.4;
/**
 * The share of each of Next's two in-memory caches (rendered pages, and `"use cache"` entries;
 * next.config.mjs's cacheMaxMemorySize sizes both, 50 MB each by default). They live in the heap
 * and mostly hold what the page cache in front already keeps.
 */
export const NEXT_CACHE_SHARE = 0.03;
/** The page cache's share of the memory limit, when PAGE_CACHE_MB does not say (never more than its default, 64 MB). */
export const PAGE_CACHE_SHARE = 0.08;

/** The memory the store may use in MB (STORE_MEMORY_MB, else the cgroup's limit), or null: no limit known. */
export function memoryLimitMb(env: Record<string, string | undefined> = process.env): number | null {
  const setting = env.STORE_MEMORY_MB?.trim();
  if (setting) {
    const value = Number(setting);
    if (!Number.isInteger(value) || value < 256) throw new Error(`STORE_MEMORY_MB must be a whole number of megabytes, at least 256, not ${JSON.stringify(setting)}`);
    return value;
  }
  return cgroupLimitMb();
}

/**
 * V8's young generation follows the old space's limit: at --max-old-space-size=204 each of its
 * semi-spaces is 1 MB (16 MB without a limit), so short-lived request garbage is scavenged 16 times
 * as often and every signed-in route lost half its rate. The server keeps 16 MB semi-spaces (a
 * young generation of about 48 MB) from a 512 MB limit up, and a 32nd of the limit below it.
 */
export const SEMI_SPACE_MAX_MB = 16;

/** Node flags for the server: heap limits fitting the memory limit, unless NODE_OPTIONS sets them. */
export function heapFlags(env: Record<string, string | undefined> = process.env): string[] {
  const limit = memoryLimitMb(env);
  if (limit === null) return [];
  const given = env.NODE_OPTIONS ?? "";
  return [
    ...(/--max[-_]old[-_]space[-_]size/.test(given) ? [] : [`--max-old-space-size=${Math.floor(limit * HEAP_SHARE)}`]),
    ...(/--max[-_]semi[-_]space[-_]size/.test(given) ? [] : [`--max-semi-space-size=${Math.max(1, Math.min(SEMI_SPACE_MAX_MB, Math.floor(limit / 32)))}`]),
  ];
}

/** A share of the memory limit in MB for a setting the deployer left unset (never more than `max`), or null. */
function shareOfLimit(env: Record<string, string | undefined>, setting: string, share: number, max: number): number | null {
  if (env[setting]?.trim()) return null;
  const limit = memoryLimitMb(env);
  return limit === null ? null : Math.max(1, Math.min(max, Math.floor(limit * share)));
}

/** PAGE_CACHE_MB for the server when the memory limit is known and the deployer set none. */
export function pageCacheMb(env: Record<string, string | undefined> = process.env): number | null {
  return shareOfLimit(env, "PAGE_CACHE_MB", PAGE_CACHE_SHARE, 64);
}

/** NEXT_CACHE_MB (next.config.mjs's cacheMaxMemorySize) when the memory limit is known and the deployer set none. */
export function nextCacheMb(env: Record<string, string | undefined> = process.env): number | null {
  return shareOfLimit(env, "NEXT_CACHE_MB", NEXT_CACHE_SHARE, 50);
}

/**
 * glibc serves a large block from its per-thread arenas, and keeps it there once freed, after its
 * adaptive mmap threshold has grown past that size: each Argon2 password hash (19 MiB, on one of
 * libuv's threads) then stays resident, ~50 MB after the first sign-ups. A fixed threshold maps
 * every block over 128 KB on its own and gives it back when freed.
 */
export const MMAP_THRESHOLD_BYTES = 131_072;

/**
 * What the production server is started with: Node's heap flags, and the environment that sizes
 * its caches and its allocator (only what the deployer did not set), with a line for the log.
 * Throws on a malformed STORE_MEMORY_MB.
 */
export function serverMemory(env: Record<string, string | undefined> = process.env): { nodeFlags: string[]; env: Record<string, string>; summary: string | null } {
  const nodeFlags = heapFlags(env);
  const pageCache = pageCacheMb(env);
  const nextCache = nextCacheMb(env);
  const settings: Record<string, string> = { MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? String(MMAP_THRESHOLD_BYTES) };
  if (pageCache !== null) settings.PAGE_CACHE_MB = String(pageCache);
  if (nextCache !== null) settings.NEXT_CACHE_MB = String(nextCache);
  const summary = nodeFlags.length
    ? `Memory limit ${memoryLimitMb(env)} MB: server ${nodeFlags.join(" ")}${pageCache !== null ? `, page cache ${pageCache} MB` : ""}${nextCache !== null ? `, Next's caches ${nextCache} MB each` : ""}`
    : null;
  return { nodeFlags, env: settings, summary };
}
