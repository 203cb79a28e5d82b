// The soak's reading of a memory trend (scripts/lib/memory-trend.ts): a sawtooth whose teeth
// bottom out at the same level is flat, whatever minute a once-a-minute sample lands on; one
// whose bottoms rise shows the rise.
import { describe, expect, it } from "vitest";
import { lowestPerWindow, slope, trend } from "../../scripts/lib/memory-trend";

/** A server's memory per minute: a collection every `period` minutes brings it to `floor(minute)`, then it climbs 60 MB a minute. */
function sawtooth(minutes: number, period: number, floor: (minute: number) => number): [number, number][] {
  return Array.from({ length: minutes }, (_, i) => {
    const minute = i + 1;
    const sinceCollection = minute % period;
    // The minute's lowest sample: the trough when a collection fell in it, else where the tooth is.
    return [minute, floor(minute) + sinceCollection * 60] as [number, number];
  });
}

describe("memory trend", () => {
  it("fits a least-squares slope", () => {
    expect(slope([[1, 10], [2, 12], [3, 14], [4, 16]])).toBeCloseTo(2);
    expect(slope([[1, 10], [2, 12]])).toBeNull();
    expect(slope([[5, 1], [5, 2], [5, 3]])).toBeNull();
  });

  it("keeps the lowest of each 5 minutes at the window's middle, leaving out a window with minutes missing", () => {
    const points: [number, number][] = Array.from({ length: 12 }, (_, i) => [i + 1, 100 - i] as [number, number]);
    expect(lowestPerWindow(points)).toEqual([
      [3, 96],
      [8, 91],
    ]);
    // Minutes 11–14 only: left out, however low.
    expect(lowestPerWindow([...points, [13, 1], [14, 1]])).toHaveLength(2);
    // A minute missing inside a window (a failed sample) leaves that window out too.
    expect(lowestPerWindow(points.filter(([minute]) => minute !== 7))).toEqual([[3, 96]]);
    expect(lowestPerWindow([...points, [13, 50], [14, 60], [15, 70]])).toEqual([
      [3, 96],
      [8, 91],
      [13, 50],
    ]);
  });

  it("reads flat troughs as flat, where the minute-end samples of the same sawtooth slope", () => {
    const flat = sawtooth(60, 3, () => 360);
    expect(Math.abs(trend(lowestPerWindow(flat)).after!)).toBeLessThan(0.01);
    // Collections every 3 minutes and troughs at 360 MB, yet the minute samples wander.
    expect(slope(flat.filter(([m]) => m > 10 && m < 22))).not.toBeCloseTo(0, 1);
  });

  it("shows troughs that rise 2 MB a minute", () => {
    const leaking = sawtooth(60, 3, (minute) => 360 + 2 * minute);
    const after = trend(lowestPerWindow(leaking)).after!;
    expect(after).toBeGreaterThan(1.8);
    expect(after).toBeLessThan(2.2);
  });
});
