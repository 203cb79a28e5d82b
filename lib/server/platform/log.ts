import pino, { type DestinationStream, type Logger } from "pino";
import { LOG_LEVELS, type LogLevel } from "./log-levels";
import { currentRequest } from "./request-context";

// The store's logger (pino), one per process: JSON lines on stdout in production, human lines in
// development; a line written during a request carries its `requestId` (request-context.ts). Kept
// on globalThis: the front door's bundle and Next's each hold a copy and must share one stream.
// Logged: ids, paths (never a query string), statuses, durations, counts; never a password, code,
// token, cookie, header value, body or provider key (docs/ENGINEERING.md §10a, "The logger").
// No "server-only": server/serve.ts loads it outside Next's bundles.

export function logLevel(value: string | undefined = process.env.LOG_LEVEL): LogLevel {
  const level = value?.trim().toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level ?? "") ? (level as LogLevel) : "info";
}

/** Development's lines: `12:34:56.789 INFO  message key=value …`, the stack under an error. */
export function humanLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const { time, level, msg, err, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = typeof time === "string" ? time.slice(11, 23) : new Date().toISOString().slice(11, 23);
  const fields = Object.entries(rest)
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  const stack = err && typeof err === "object" ? `\n    ${String((err as { stack?: unknown }).stack ?? (err as { message?: unknown }).message ?? "").replace(/\n/g, "\n    ")}` : "";
  return `${clock} ${String(level).toUpperCase().padEnd(5)} ${String(msg ?? "")}${fields ? ` ${fields}` : ""}${stack}\n`;
}

/** A stream writing development's human lines to stdout (synchronously: dev is not under load). */
const humanStream: DestinationStream = { write: (line: string) => void process.stdout.write(humanLine(line)) };

/** Prisma's errors: a validation error's message prints the call's arguments, values and all. */
const PRISMA_ERROR = /^PrismaClient/;

/**
 * An error as logged: its type, message, code and stack (and its causes'), never its other
 * fields, which for a provider's or the database's errors may hold what a request carried. A
 * Prisma error keeps only its message's first line ("Invalid `prisma.user.create()`
 * invocation:"), in the message and atop the stack: the rest repeats the call's arguments.
 */
export function errorFields(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const code = (error as { code?: unknown }).code;
  const reduced = PRISMA_ERROR.test(error.name);
  const message = reduced ? (error.message.trim().split("\n")[0] ?? "") : error.message;
  const stack = reduced && error.stack ? [`${error.name}: ${message}`, ...error.stack.split("\n").filter((line) => /^\s+at /.test(line))].join("\n") : error.stack;
  return {
    type: error.name,
    message,
    ...(typeof code === "string" || typeof code === "number" ? { code } : {}),
    stack,
    ...(error.cause !== undefined && depth < 3 ? { cause: errorFields(error.cause, depth + 1) } : {}),
  };
}

let timeMs = Number.NaN;
let timeText = "";
let secondAt = Number.NaN;
let secondText = "";
/**
 * The time of a line as an ISO string (pino's isoTime): the text up to the second is made once a
 * second and the milliseconds added (under load nearly every line has a millisecond of its own).
 */
export function isoTime(ms = Date.now()): string {
  if (ms !== timeMs) {
    timeMs = ms;
    const second = Math.floor(ms / 1000);
    // Whole milliseconds of the years 1970 to 9999 only; any other time is made whole.
    if (!Number.isInteger(ms) || ms < 0 || ms >= 253_402_300_800_000) return (timeText = new Date(ms).toISOString());
    if (second !== secondAt) {
      secondAt = second;
      secondText = new Date(second * 1000).toISOString().slice(0, 20);
    }
    const milliseconds = ms - second * 1000;
    timeText = `${secondText}${milliseconds < 10 ? "00" : milliseconds < 100 ? "0" : ""}${milliseconds}Z`;
  }
  return timeText;
}
const isoTimeField = () => `,"time":"${isoTime()}"`;

/**
 * Writes lines already formatted as JSON (each ending in a newline; observe.ts's request lines,
 * made in batches) where the logger writes its own: stdout in production (buffered with the
 * others), development's human lines otherwise. Nothing at a level the logger leaves out.
 */
export function writeLogLines(text: string, level: LogLevel): void {
  const { logger, stream } = state();
  if (!logger.isLevelEnabled(level)) return;
  if (stream === humanStream) {
    for (const line of text.split("\n")) if (line) humanStream.write(line);
  } else stream.write(text);
}

/** A logger writing to `stream` (tests capture the lines this way). */
export function createLogger(stream: DestinationStream, level: LogLevel = logLevel()): Logger {
  return pino(
    {
      level,
      timestamp: isoTimeField,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
      mixin: () => {
        const request = currentRequest();
        return request ? { requestId: request.id } : {};
      },
    },
    stream,
  );
}

type LogState = { logger: Logger; stream: DestinationStream; flush: () => void; drain: () => Promise<void> };
/** The longest a stopping server waits for its last lines to be written. */
const DRAIN_WAIT_MS = 1000;
/** The longest a production log line waits in the buffer. */
const FLUSH_EVERY_MS = 1000;
const KEY = Symbol.for("volt.log");
const slot = globalThis as unknown as { [KEY]?: LogState };

function state(): LogState {
  const existing = slot[KEY];
  if (existing) return existing;
  let made: LogState;
  if (process.env.NODE_ENV === "production") {
    // Written asynchronously, in writes of 4 KB or more (about fifteen request lines), and at
    // least once a second: a request never blocks on a slow stdout, and under load one write
    // carries many lines (writing each line on its own cost the cached home page about a fifth
    // more CPU per request). A server stopping on its own waits until what it holds is written
    // (drainLogs); flushLogs (and the exit event) write what they can synchronously, for an exit
    // that cannot wait (a write already under way then may not land).
    const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
    const flush = () => {
      try {
        destination.flushSync();
      } catch {
        // Not open yet, or stdout gone: nothing more can be written.
      }
    };
    setInterval(() => {
      try {
        destination.flush();
      } catch {
        // stdout gone
      }
    }, FLUSH_EVERY_MS).unref();
    process.once("exit", flush);
    const drain = () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          flush();
          resolve();
        }, DRAIN_WAIT_MS);
        try {
          // Calls back once every line held (and the write under way) has reached stdout.
          destination.flush(() => {
            clearTimeout(timer);
            resolve();
          });
        } catch {
          clearTimeout(timer);
          resolve();
        }
      });
    made = { logger: createLogger(destination), stream: destination, flush, drain };
  } else {
    made = { logger: createLogger(humanStream), stream: humanStream, flush: () => undefined, drain: async () => undefined };
  }
  slot[KEY] = made;
  return made;
}

/** The process's logger. */
export const log: Logger = state().logger;

/** Writes out what the logger still holds, synchronously: before an exit that cannot wait. */
export function flushLogs(): void {
  state().flush();
}

/** Resolves once every line the logger holds is written (at most a second): before a clean exit. */
export function drainLogs(): Promise<void> {
  return state().drain();
}
