// LOG_LEVEL's values (the logger's, log.ts), apart so config.ts can check them without loading pino.
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
