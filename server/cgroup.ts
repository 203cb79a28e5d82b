// The memory cgroup of a process (v2, or v1's memory controller), read from /proc and /sys: its
// limit, for the launcher's heap sizing (server/memory.ts), and its peak, for the bench (scripts
// may import the runtime; the runtime never imports scripts/).
import { readFileSync } from "node:fs";

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

/** The memory cgroup folders of a process (cgroup v2's and v1's), most specific first. */
function cgroupFolders(pid: number | "self"): { folder: string; v1: boolean }[] {
  // Inside a container the group's own folder may be mounted as the root: only for this process
  // is the root a fallback (another process's root is not ours to guess).
  const own = pid === "self";
  let lines: string[] = [];
  try {
    lines = readFileSync(`/proc/${pid}/cgroup`, "utf8").split("\n");
  } catch {
    return [];
  }
  const folders: { folder: string; v1: boolean }[] = [];
  for (const line of lines) {
    const [, controllers, group] = line.split(":");
    if (group === undefined) continue;
    if (controllers === "") folders.push({ folder: `/sys/fs/cgroup${group}`, v1: false }, ...(own ? [{ folder: "/sys/fs/cgroup", v1: false }] : []));
    if (controllers!.split(",").includes("memory")) folders.push({ folder: `/sys/fs/cgroup/memory${group}`, v1: true }, ...(own ? [{ folder: "/sys/fs/cgroup/memory", v1: true }] : []));
  }
  return folders;
}

/** The first number found in a cgroup file (v2 name, v1 name) of the process's folders, in MB. */
function cgroupMb(pid: number | "self", v2: string, v1: string): number | null {
  for (const { folder, v1: isV1 } of cgroupFolders(pid)) {
    const bytes = readNumber(`${folder}/${isV1 ? v1 : v2}`);
    // cgroup v1 writes "no limit" as a number near 2^63.
    if (bytes !== null && bytes < 2 ** 50) return Math.floor(bytes / 1024 / 1024);
  }
  return null;
}

/** A process's cgroup memory limit in MB, or null when there is none (or it is not readable). */
export function cgroupLimitMb(pid: number | "self" = "self"): number | null {
  return cgroupMb(pid, "memory.max", "memory.limit_in_bytes");
}

/** The most memory a process's cgroup has used so far, in MB (for the bench), or null. */
export function cgroupPeakMb(pid: number | "self" = "self"): number | null {
  return cgroupMb(pid, "memory.peak", "memory.max_usage_in_bytes");
}
