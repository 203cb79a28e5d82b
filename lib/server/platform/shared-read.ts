import "server-only";

// A read that callers arriving together share (the probes, the metrics' scrapes): one answer is
// kept for `freshMs`; a read that has not answered within `timeoutMs` is given up (its callers get
// `fallback`); and while one is still running (a database that hangs) no second one is started
// beside it for up to STUCK_MS: callers get the last answer, so a hung database is not asked
// again every second, and a read that never settles cannot freeze the answer for good.

/** How long a read still running keeps others from starting. */
const STUCK_MS = 30_000;

export function sharedRead<T>(read: () => Promise<T>, options: { freshMs: number; timeoutMs: number; fallback: T }): (now?: number) => Promise<T> {
  let last: { at: number; result: Promise<T> } | null = null;
  let running = false;
  return (now = Date.now()) => {
    if (last && (now - last.at < options.freshMs || (running && now - last.at < STUCK_MS))) return last.result;
    const result = (async () => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<T>((resolve) => {
          timer = setTimeout(() => resolve(options.fallback), options.timeoutMs);
        });
        running = true;
        const answer = read().finally(() => {
          running = false;
        });
        return await Promise.race([answer, timeout]);
      } catch {
        return options.fallback;
      } finally {
        clearTimeout(timer);
      }
    })();
    last = { at: now, result };
    return result;
  };
}
