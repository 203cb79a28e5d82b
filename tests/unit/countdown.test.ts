import { describe, expect, it } from "vitest";
import { countdownAnnouncement, formatCountdown, secondsUntil } from "@/lib/accounts/countdown";
import { OTP_VALIDITY_SECONDS } from "@/lib/constants";

describe("formatCountdown (m:ss)", () => {
  it.each([
    [OTP_VALIDITY_SECONDS, "5:00"],
    [299, "4:59"],
    [61, "1:01"],
    [60, "1:00"],
    [59, "0:59"],
    [9, "0:09"],
    [5, "0:05"],
    [1, "0:01"],
    [0, "0:00"],
    [-1, "0:00"],
    [-300, "0:00"],
    [Number.NaN, "0:00"],
  ])("%d s is %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it.each([
    [299.2, "5:00"],
    [59.5, "1:00"],
    [0.4, "0:01"],
    [-0.4, "0:00"],
  ])("a started second counts as a whole one: %d s is %s", (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

describe("secondsUntil (measured against a deadline, never decremented)", () => {
  const deadline = 1_000_000 + OTP_VALIDITY_SECONDS * 1000;

  it.each([
    [1_000_000, 300],
    [1_000_001, 300],
    [1_001_000, 299],
    [1_001_999, 299],
    // A tab asleep for four minutes wakes up to the right time, not to 4:59.
    [1_000_000 + 240_500, 60],
    [deadline - 1, 1],
    [deadline, 0],
    [deadline + 60_000, 0],
  ])("at %d there are %d s left", (now, left) => {
    expect(secondsUntil(deadline, now)).toBe(left);
  });
});

describe("countdownAnnouncement (the polite live region changes only at milestones)", () => {
  it.each([
    [300, "5 minutes left to enter the code"],
    [241, "5 minutes left to enter the code"],
    [240, "4 minutes left to enter the code"],
    [121, "3 minutes left to enter the code"],
    [61, "2 minutes left to enter the code"],
    [60, "1 minute left to enter the code"],
    [31, "1 minute left to enter the code"],
    [30, "30 seconds left to enter the code"],
    [11, "30 seconds left to enter the code"],
    [10, "10 seconds left to enter the code"],
    [1, "10 seconds left to enter the code"],
    [0, "OTP expired"],
    [-5, "OTP expired"],
  ])("%d s says %s", (seconds, text) => {
    expect(countdownAnnouncement(seconds)).toBe(text);
  });

  it("changes its text only 7 times over the whole 5 minutes", () => {
    const texts = Array.from({ length: OTP_VALIDITY_SECONDS + 1 }, (_, index) => countdownAnnouncement(OTP_VALIDITY_SECONDS - index));
    const changes = texts.filter((text, index) => index > 0 && text !== texts[index - 1]).length;
    expect(changes).toBe(7);
  });
});
