// The store's configuration, read from the environment and checked once at start-up.
// Used by the app (instrumentation.ts) and by the launcher scripts, so it does not import
// "server-only"; nothing in the browser imports it.
import { z } from "zod";
import { LOG_LEVELS } from "./log-levels";

const optional = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

const nonNegativeNumber = optional
  .refine((v) => v === undefined || /^\d+(\.\d+)?$/.test(v), "must be a number of 0 or more")
  .transform((v) => (v === undefined ? undefined : Number(v)));

function isOrigin(value: string): boolean {
  try {
    return /^https?:\/\//.test(value) && new URL(value).origin === value;
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  STORE_DEMO: optional,
  DATABASE_URL: optional.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), "must be a postgresql:// URL"),
  NEXTAUTH_SECRET: optional.refine((v) => !v || v.length >= 32, "must be at least 32 characters"),
  SITE_URL: optional.refine((v) => !v || /^https?:\/\/[^/]+$/.test(v.replace(/\/$/, "")), "must be an origin such as https://shop.example.com"),
  STRIPE_SECRET_KEY: optional.refine((v) => !v || /^(sk|rk)_(test|live)_/.test(v), "must start with sk_test_, sk_live_, rk_test_ or rk_live_"),
  STRIPE_WEBHOOK_SECRET: optional.refine((v) => !v || v.startsWith("whsec_"), "must start with whsec_"),
  RESEND_API_KEY: optional.refine((v) => !v || v.startsWith("re_"), "must start with re_"),
  EMAIL_FROM: optional,
  SUPPORT_EMAIL: optional.refine((v) => !v || /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(v), "must be an email address such as support@shop.example.com"),
  CLOUDINARY_URL: optional.refine((v) => !v || /^cloudinary:\/\/[^:]+:[^@]+@.+/.test(v), "must look like cloudinary://<key>:<secret>@<cloud>"),
  EMULATOR_URL: optional.refine((v) => !v || /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(v), "must be http://127.0.0.1:<port>"),
  DEMO_ACCOUNTS: z.enum(["0", "1"]).optional(),
  PAGE_CACHE_SECONDS: nonNegativeNumber,
  CRON_SECRET: optional.refine((v) => !v || v.length >= 16, "must be at least 16 characters"),
  PAGE_CACHE_MB: nonNegativeNumber,
  // Read by next.config.mjs (cacheMaxMemorySize); checked here so a typo stops the launcher.
  NEXT_CACHE_MB: optional.refine((v) => v === undefined || /^\d+$/.test(v), "must be a whole number of megabytes (0 turns Next's caches off)"),
  TRUSTED_PROXY_HOPS: optional.refine((v) => v === undefined || /^(\d|10)$/.test(v), "must be a whole number from 0 to 10").transform((v) => (v === undefined ? 0 : Number(v))),
  LOG_LEVEL: optional.refine((v) => v === undefined || (LOG_LEVELS as readonly string[]).includes(v.toLowerCase()), `must be one of ${LOG_LEVELS.join(", ")}`),
  METRICS_TOKEN: optional.refine((v) => v === undefined || /^[\x21-\x7e]{16,256}$/.test(v), "must be 16 to 256 printable characters without spaces (it is sent as a Bearer token)"),
  ALLOWED_ORIGINS: optional
    .transform((v) => (v ?? "").split(",").map((origin) => origin.trim().replace(/\/$/, "")).filter(Boolean))
    .refine((origins) => origins.every(isOrigin), "must be a comma-separated list of origins such as https://app.example.com"),
});

/**
 * Keys a real deployment must give; without them only the demo mode may run. Stripe's are not
 * among them: without STRIPE_SECRET_KEY the store sells by cash on delivery alone (card payment is
 * off); with it, STRIPE_WEBHOOK_SECRET must come too.
 */
export const PRODUCTION_REQUIRED = [
  "DATABASE_URL",
  "NEXTAUTH_SECRET",
  "SITE_URL",
  "RESEND_API_KEY",
  "EMAIL_FROM",
  "CLOUDINARY_URL",
] as const;

/** The contact page's address when SUPPORT_EMAIL is not set (development, tests, the demo). */
export const DEFAULT_SUPPORT_EMAIL = "support@volt.local";

export type StoreMode = "production" | "demo" | "development" | "test";

export type StoreConfig = {
  mode: StoreMode;
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  siteUrl: string;
  /** Providers without a key talk to the local emulators at this address. */
  emulatorUrl: string | undefined;
  /** Hosted Checkout needs no publishable key: the browser is sent to the session's URL. */
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined };
  resend: { apiKey: string | undefined; from: string };
  /** Where shoppers write to (the contact page; returns need it). */
  supportEmail: string;
  cloudinaryUrl: string | undefined;
  demoAccounts: boolean;
  /** The page cache of `npm start` (server/serve.ts); megabytes 0 turns it off. */
  pageCache: { seconds: number; megabytes: number };
  /** Opens GET /api/cron/order-emails to a scheduler that sends it as a Bearer token. */
  cronSecret: string | undefined;
  /** Proxies in front that append to X-Forwarded-For; 0: the socket address is the client's. */
  trustedProxyHops: number;
  /** Other front ends (their origins) allowed to call the API with credentials. */
  allowedOrigins: string[];
  /** GET /metrics answers a scraper that sends it as a Bearer token; undefined: /metrics is a 404. */
  metricsToken: string | undefined;
  warnings: string[];
};

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`The store cannot start; fix its environment:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee .env.example for every variable.`);
    this.name = "ConfigError";
  }
}

export function readConfig(env: Record<string, string | undefined> = process.env): StoreConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const e = parsed.data;
  const demo = e.STORE_DEMO === "1" || e.STORE_DEMO === "true";
  const mode: StoreMode = e.NODE_ENV === "production" ? (demo ? "demo" : "production") : e.NODE_ENV;
  const warnings: string[] = [];

  if (mode === "production") {
    const missing = PRODUCTION_REQUIRED.filter((key) => !e[key]);
    if (missing.length > 0) {
      throw new ConfigError([
        ...missing.map((key) => `${key} is required in production`),
        "or set STORE_DEMO=1 to run the demo on an embedded database and local emulators",
      ]);
    }
  }
  if (mode === "production" && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(["STRIPE_WEBHOOK_SECRET is required in production when STRIPE_SECRET_KEY is set (paid orders are recorded from Stripe's signed webhook)"]);
  }
  if (mode === "production" && !e.STRIPE_SECRET_KEY) {
    warnings.push("STRIPE_SECRET_KEY is not set: card payment is off, and shoppers can pay by cash on delivery only (switch it on in the admin's Settings).");
  }
  if (mode === "production" && e.SITE_URL && !e.SITE_URL.startsWith("https://")) {
    throw new ConfigError(["SITE_URL must be an https:// origin in production (sessions ride on Secure cookies)"]);
  }
  if (mode === "production" && e.ALLOWED_ORIGINS.some((origin) => !origin.startsWith("https://"))) {
    throw new ConfigError(["ALLOWED_ORIGINS must list https:// origins in production (a page served over http can be altered on the way)"]);
  }
  if (mode === "demo") {
    warnings.push("STORE_DEMO=1: demo mode. Providers without keys use local emulators; do not take real customers.");
  }

  if (mode !== "production" && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    warnings.push("STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: run `stripe listen --forward-to localhost:3000/api/webhook` and set the secret it prints, or paid orders are recorded only when the shopper reaches /success.");
  }

  const usesEmulator = !e.STRIPE_SECRET_KEY || !e.RESEND_API_KEY || !e.CLOUDINARY_URL;
  if (mode !== "production" && usesEmulator && !e.EMULATOR_URL) {
    warnings.push("EMULATOR_URL is not set: start the store with `npm run dev` so the provider emulators run.");
  }

  return {
    mode,
    databaseUrl: e.DATABASE_URL,
    authSecret: e.NEXTAUTH_SECRET,
    siteUrl: (e.SITE_URL ?? "http://localhost:3000").replace(/\/$/, ""),
    emulatorUrl: e.EMULATOR_URL,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    },
    resend: { apiKey: e.RESEND_API_KEY, from: e.EMAIL_FROM ?? "Volt Electronics <no-reply@volt.local>" },
    supportEmail: e.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    cloudinaryUrl: e.CLOUDINARY_URL,
    // Never in production unless STORE_DEMO=1 (the demo mode); DEMO_ACCOUNTS=0 turns them off anywhere.
    demoAccounts: e.DEMO_ACCOUNTS !== "0" && mode !== "production",
    pageCache: { seconds: e.PAGE_CACHE_SECONDS ?? 60, megabytes: e.PAGE_CACHE_MB ?? 64 },
    cronSecret: e.CRON_SECRET,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    allowedOrigins: e.ALLOWED_ORIGINS,
    metricsToken: e.METRICS_TOKEN,
    warnings,
  };
}
