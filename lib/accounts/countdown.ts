// The OTP countdown (docs/PRODUCT.md §4.7: 300 s, shown as m:ss). Time left is always measured against a
// deadline, so a throttled background tab shows the right time when it wakes up.

/** Whole seconds left until `deadline` (ms since the epoch) at `now`; a started second counts. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** 300 → "5:00", 9 → "0:09"; negatives are "0:00" and a fraction of a second counts as a whole one. */
export function formatCountdown(seconds: number): string {
  const whole = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, "0")}`;
}

const MILESTONES = [30, 10] as const;

/**
 * What a polite live region says at `seconds` left: the text changes only at each whole minute
 * and at 0:30 and 0:10, so a screen reader is not told every tick. Zero is the expiry itself.
 */
export function countdownAnnouncement(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole === 0) return "OTP expired";
  const milestone = [...MILESTONES].reverse().find((mark) => whole <= mark);
  if (whole <= 60 && milestone !== undefined) return `${milestone} seconds left to enter the code`;
  const minutes = Math.ceil(whole / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"} left to enter the code`;
}
