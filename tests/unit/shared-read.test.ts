import { describe, expect, it } from "vitest";
import { sharedRead } from "@/lib/server/platform/shared-read";

describe("sharedRead", () => {
  it("shares one read while fresh, reads again after, and gives up on a slow one", async () => {
    let calls = 0;
    const read = sharedRead(async () => ++calls, { freshMs: 1000, timeoutMs: 50, fallback: -1 });
    expect(await read(0)).toBe(1);
    expect(await read(500)).toBe(1);
    expect(await read(1500)).toBe(2);
    const slow = sharedRead(() => new Promise<number>((resolve) => setTimeout(() => resolve(7), 200)), { freshMs: 10, timeoutMs: 20, fallback: -1 });
    expect(await slow(0)).toBe(-1);
  });

  it("never starts a second read while one is still running, up to 30 s", async () => {
    let calls = 0;
    let finish: (value: number) => void = () => undefined;
    const read = sharedRead(() => {
      calls += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    }, { freshMs: 10, timeoutMs: 20, fallback: -1 });
    expect(await read(0)).toBe(-1);
    expect(await read(5_000)).toBe(-1);
    expect(calls).toBe(1);
    expect(await read(31_000)).toBe(-1);
    expect(calls).toBe(2);
    finish(3);
    await new Promise((resolve) => setImmediate(resolve));
    const next = read(40_000);
    finish(4);
    expect(await next).toBe(4);
    expect(calls).toBe(3);
  });

  it("answers the fallback when the read throws", async () => {
    const read = sharedRead(() => Promise.reject(new Error("down")), { freshMs: 10, timeoutMs: 1000, fallback: false });
    expect(await read(0)).toBe(false);
  });
});
