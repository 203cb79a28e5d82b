// How much memory the store may use, and the V8 heap that fits in it. A Node process left to
// itself sizes its heap from the machine's memory (about 4 GB on a large host) and collects
// garbage lazily, so under load it grows far past what a 512 MB container allows and is killed.
// The launcher gives the server a heap limit from STORE_MEMORY_MB, or else from the memory limit
// of the container (cgroup v2 memory.max, or v1 memory.limit_in_bytes) it runs in.
import { readFileSync } from "node:fs";

/**
 * The share of the memory limit given to V8's old space. The rest is for V8's young generation
 * and code, the page cache's buffers (outside the heap), PostgreSQL when it is embedded, and the
 * launcher (with the provider emulators in demo mode). At 55 % a 512 MB bench run was killed once
 * the signed-in routes ran fast enough to fill the heap: the server reached 350 MB beside a
 * 117 MB launcher.
 */
export const HEAP_SHARE = 0.4;
/** The page cache's share of the memory limit, when PAGE_CACHE_MB does not say (never more than its default, 64 MB). */
export const PAGE_CACHE_SHARE = 0.08;

function readNumber(file: string): number | null {
  try {
    const text = readFileSync(file, "utf8").trim();
    if (text === "max") return null;
    const value = Number(text);
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** This process's cgroup memory limit in MB, or null when there is none (or it is not readable). */
export function cgroupLimitMb(): number | null {
  let lines: string[] = [];
  try {
    lines = readFileSync("/proc/self/cgroup", "utf8").split("\n");
  } catch {
    return null;
  }
  const candidates: string[] = [];
  for (const line of lines) {
    const [, controllers, group] = line.split(":");
    if (group === undefined) continue;
    if (controllers === "") candidates.push(`/sys/fs/cgroup${group}/memory.max`, "/sys/fs/cgroup/memory.max");
    if (controllers!.split(",").includes("memory")) candidates.push(`/sys/fs/cgroup/memory${group}/memory.limit_in_bytes`, "/sys/fs/cgroup/memory/memory.limit_in_bytes");
  }
  for (const file of candidates) {
    const bytes = readNumber(file);
    // cgroup v1 writes "no limit" as a number near 2^63.
    if (bytes !== null && bytes < 2 ** 50) return Math.floor(bytes / 1024 / 1024);
  }
  return null;
}

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

/** Node flags for the server: a heap limit fitting the memory limit, unless NODE_OPTIONS sets one. */
export function heapFlags(env: Record<string, string | undefined> = process.env): string[] {
  if (/--max-old-space-size/.test(env.NODE_OPTIONS ?? "")) return [];
  const limit = memoryLimitMb(env);
  return limit === null ? [] : [`--max-old-space-size=${Math.floor(limit * HEAP_SHARE)}`];
}

/** PAGE_CACHE_MB for the server when the memory limit is known and the deployer set none. */
export function pageCacheMb(env: Record<string, string | undefined> = process.env): number | null {
  if (env.PAGE_CACHE_MB?.trim()) return null;
  const limit = memoryLimitMb(env);
  return limit === null ? null : Math.min(64, Math.floor(limit * PAGE_CACHE_SHARE));
}
