// How the soak reads a memory trend out of per-minute samples (scripts/soak.ts).
//
// Under load a Node server's resident memory is a sawtooth: V8 lets the old space grow by a
// hundred MB or more, then a full collection gives it back. A sample taken once a minute lands
// anywhere on a tooth, so a slope fitted to such samples says more about where they fell than
// about a leak. What only rises when memory is kept is the bottom of the teeth (the memory right
// after a collection): the soak samples every 5 s, keeps each minute's lowest value, and fits
// the lowest of each WINDOW minutes, since a minute may hold no collection at all (full
// collections come every 1–3 minutes at the soak's rate).

/** Least-squares slope of y over x; null for fewer than 3 points or one x. */
export function slope(points: [number, number][]): number | null {
  if (points.length < 3) return null;
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  const sxx = points.reduce((sum, [x]) => sum + (x - mx) ** 2, 0);
  const sxy = points.reduce((sum, [x, y]) => sum + (x - mx) * (y - my), 0);
  return sxx === 0 ? null : sxy / sxx;
}

/** Minutes per window of lowestPerWindow. */
export const WINDOW = 5;

/**
 * The lowest value of each whole window of `size` consecutive minutes (counted from minute 1), at
 * the window's middle minute. A window with a minute missing (the run's last, cut short) is left
 * out: fewer minutes hold fewer collections, so its lowest value would sit high.
 */
export function lowestPerWindow(points: [number, number][], size = WINDOW): [number, number][] {
  const windows = new Map<number, { lowest: number; minutes: number }>();
  for (const [minute, value] of points) {
    const index = Math.floor((minute - 1) / size);
    const window = windows.get(index) ?? { lowest: Infinity, minutes: 0 };
    windows.set(index, { lowest: Math.min(window.lowest, value), minutes: window.minutes + 1 });
  }
  return [...windows]
    .filter(([, window]) => window.minutes === size)
    .sort((a, b) => a[0] - b[0])
    .map(([index, window]) => [index * size + (size + 1) / 2, window.lowest]);
}

/** The slope after minute `warmUp` (points whose minute is past it) and over the whole run, MB/min. */
export function trend(points: [number, number][], warmUp = 10): { after: number | null; whole: number | null } {
  return { after: slope(points.filter(([minute]) => minute > warmUp)), whole: slope(points) };
}
