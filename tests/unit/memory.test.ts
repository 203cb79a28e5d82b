import { describe, expect, it } from "vitest";
import { HEAP_SHARE, heapFlags, memoryLimitMb, nextCacheMb, pageCacheMb, serverMemory } from "../../server/memory";

describe("the server's heap limit", () => {
  it("comes from STORE_MEMORY_MB", () => {
    expect(memoryLimitMb({ STORE_MEMORY_MB: "512" })).toBe(512);
    expect(heapFlags({ STORE_MEMORY_MB: "512" })).toEqual([`--max-old-space-size=${Math.floor(512 * HEAP_SHARE)}`, "--max-semi-space-size=16"]);
    expect(heapFlags({ STORE_MEMORY_MB: "512" })[0]).toBe("--max-old-space-size=204");
    expect(heapFlags({})).toEqual([]);
  });

  it("keeps V8's young generation from shrinking with the heap (16 MB semi-spaces, a 32nd of smaller limits)", () => {
    expect(heapFlags({ STORE_MEMORY_MB: "4096" })[1]).toBe("--max-semi-space-size=16");
    expect(heapFlags({ STORE_MEMORY_MB: "256" })[1]).toBe("--max-semi-space-size=8");
  });

  it("sizes Next's two in-memory caches (15 MB each of 512, never past Next's own 50), unless NEXT_CACHE_MB is set", () => {
    expect(nextCacheMb({ STORE_MEMORY_MB: "512" })).toBe(15);
    expect(nextCacheMb({ STORE_MEMORY_MB: "4096" })).toBe(50);
    expect(nextCacheMb({ STORE_MEMORY_MB: "512", NEXT_CACHE_MB: "0" })).toBeNull();
    expect(nextCacheMb({})).toBeNull();
  });

  it("sizes the page cache too (40 MB of 512, never past 64 MB), unless PAGE_CACHE_MB is set", () => {
    expect(pageCacheMb({ STORE_MEMORY_MB: "512" })).toBe(40);
    expect(pageCacheMb({ STORE_MEMORY_MB: "4096" })).toBe(64);
    expect(pageCacheMb({ STORE_MEMORY_MB: "512", PAGE_CACHE_MB: "0" })).toBeNull();
  });

  it("gives the launcher the server's flags and environment in one (the deployer's settings kept)", () => {
    const memory = serverMemory({ STORE_MEMORY_MB: "512" });
    expect(memory.nodeFlags).toEqual(["--max-old-space-size=204", "--max-semi-space-size=16"]);
    expect(memory.env).toEqual({ MALLOC_MMAP_THRESHOLD_: "131072", PAGE_CACHE_MB: "40", NEXT_CACHE_MB: "15" });
    expect(memory.summary).toMatch(/^Memory limit 512 MB: server --max-old-space-size=204/);
    expect(serverMemory({ STORE_MEMORY_MB: "512", PAGE_CACHE_MB: "0", MALLOC_MMAP_THRESHOLD_: "65536" }).env).toEqual({ MALLOC_MMAP_THRESHOLD_: "65536", NEXT_CACHE_MB: "15" });
  });

  it("leaves heap limits given in NODE_OPTIONS alone", () => {
    expect(heapFlags({ STORE_MEMORY_MB: "512", NODE_OPTIONS: "--max-old-space-size=200" })).toEqual(["--max-semi-space-size=16"]);
    expect(heapFlags({ STORE_MEMORY_MB: "512", NODE_OPTIONS: "--max-old-space-size=200 --max-semi-space-size=4" })).toEqual([]);
  });

  it("refuses a setting that is not a whole number of at least 256 MB", () => {
    for (const value of ["abc", "100", "512.5", "-1"]) expect(() => memoryLimitMb({ STORE_MEMORY_MB: value })).toThrow(/STORE_MEMORY_MB/);
  });
});
