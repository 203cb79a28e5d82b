import { describe, expect, it } from "vitest";
import { chunkErrorMessage, failedChunkId } from "@/lib/shared/chunk-error";

const named = (message: string, name = "ChunkLoadError") => Object.assign(new Error(message), { name });

describe("failedChunkId", () => {
  it("reads the chunk's id from webpack's and Turbopack's messages", () => {
    expect(failedChunkId(named("Loading chunk 5123 failed.\n(error: https://shop/_next/static/chunks/5123.js)"))).toBe("5123");
    expect(failedChunkId(named("Loading CSS chunk app-layout failed."))).toBe("app-layout");
    expect(failedChunkId(named("Failed to load chunk /_next/static/chunks/0f3a9c1e2b.js from module 8841: TypeError: Failed to fetch"))).toBe("0f3a9c1e2b");
    expect(failedChunkId(named("Failed to load chunk /_next/static/chunks/a1.js?dpl=x as a runtime dependency of chunk b2"))).toBe("a1");
  });

  it("knows a ChunkLoadError without a readable id, and nothing else", () => {
    expect(failedChunkId(named("something odd"))).toBe("");
    expect(failedChunkId(named("Cannot read properties of undefined", "TypeError"))).toBeNull();
    expect(failedChunkId("Loading chunk 1 failed")).toBeNull();
  });

  it("words it as the spec does", () => {
    expect(chunkErrorMessage("5123")).toBe("Loading chunk 5123 failed");
    expect(chunkErrorMessage("")).toBe("Loading chunk failed");
  });
});
