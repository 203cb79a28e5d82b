"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { secondsUntil } from "@/lib/accounts/countdown";

const TICK_MS = 250;

/**
 * Seconds left of a countdown from `startSeconds`, measured against a deadline taken when the
 * component mounts (never by decrementing: a throttled background tab wakes up to the right
 * time). `restart()` sets a new deadline.
 */
export function useCountdown(startSeconds: number): { secondsLeft: number; restart: () => void } {
  const deadline = useRef<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(startSeconds);

  useEffect(() => {
    // Taken here, not while rendering: the clock is read in the browser only.
    deadline.current ??= Date.now() + startSeconds * 1000;
    const tick = () => {
      if (deadline.current !== null) setSecondsLeft(secondsUntil(deadline.current, Date.now()));
    };
    const timer = window.setInterval(tick, TICK_MS);
    document.addEventListener("visibilitychange", tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [startSeconds]);

  const restart = useCallback(() => {
    deadline.current = Date.now() + startSeconds * 1000;
    setSecondsLeft(startSeconds);
  }, [startSeconds]);

  return { secondsLeft, restart };
}
