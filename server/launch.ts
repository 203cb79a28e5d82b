// npm run dev / npm start: the store with everything it needs. npm run build: `next build` against
// the same database, then compile hints and compressed copies of /_next/static for the front door.
//   database   DATABASE_URL, or an embedded PostgreSQL under .data/ (migrated and seeded)
//   secret     NEXTAUTH_SECRET, or (outside production) one kept in .data/auth-secret
//   providers  keys from the environment, or the local emulators (outside production, or STORE_DEMO=1)
// Flags: --port N (or PORT), --ephemeral (a throwaway database). More: docs/ENGINEERING.md §10a.
import { spawn, type ChildProcess } from "node:child_process";
import nextEnv from "@next/env";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, readConfig } from "../lib/server/platform/config";
import { countProducts, DATA_DIR, openDatabase, ROOT } from "./database/database";
import { onStopSignal } from "./database/embedded-postgres";
import { SERVER_ENTRY } from "./compiled";
import { serverMemory } from "./memory";
import { applyMigrations } from "./database/schema-engine";
// The seed, the emulators and the compile hints are imported only when used: the launcher stays
// resident beside the server, and in a memory-limited container every MB it holds is the server's.

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start" && mode !== "build") {
  console.error("usage: node --import tsx server/launch.ts dev|build [--port N], or node .next/volt-server/launch.mjs start [--port N] [--ephemeral]");
  process.exit(2);
}
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const port = Number(flag("--port") ?? process.env.PORT ?? 3000);
const ephemeral = process.argv.includes("--ephemeral");
const log = (line: string) => console.log(`[store] ${line}`);

/**
 * The emulators' port when none is given: image addresses stored in the product rows name it, so
 * it stays the same from one start to the next (a throwaway run takes a free one).
 */
const DEFAULT_EMULATOR_PORT = 3090;

/** EMULATOR_PORT fixes the emulators' port (the browser tests read the outbox there); undefined: the default. */
function emulatorPort(): number | undefined {
  const value = process.env.EMULATOR_PORT?.trim();
  if (!value) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) {
    console.error(`EMULATOR_PORT must be a port number (1-65535), not ${JSON.stringify(value)}`);
    process.exit(1);
  }
  return number;
}

function devSecret(): string {
  const file = path.join(DATA_DIR, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * `next build` prerenders the catalogue pages, so it needs the database the store will use:
 * DATABASE_URL, or the embedded one under .data/ (migrated, and seeded while empty). Provider
 * keys are not needed to build; `npm start` checks them.
 */
async function build() {
  const database = await openDatabase({ log });
  try {
    const applied = await applyMigrations(database.url);
    if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
    if (!process.env.DATABASE_URL && (await countProducts(database.url)) === 0) {
      const { seed } = await import("../prisma/seed");
      await seed(database.url, { quiet: false, demoAccounts: process.env.DEMO_ACCOUNTS !== "0" });
    }
    const nextBin = path.join(ROOT, "node_modules/next/dist/bin/next");
    const child = spawn(process.execPath, [nextBin, "build"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url }, stdio: "inherit" });
    const code = await new Promise<number>((resolve) => child.on("exit", (exitCode) => resolve(exitCode ?? 1)));
    if (code === 0) {
      const { addCompileHints } = await import("./compile-hints");
      log(`Compile hints added to ${addCompileHints(path.join(ROOT, ".next")).length} framework chunks`);
      // After the hints (they change files): /_next/static compressed once, for the front door.
      const { compressStaticFiles } = await import("../lib/server/front-door/static-files");
      const made = compressStaticFiles(path.join(ROOT, ".next"));
      const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
      log(`Static files compressed in ${made.ms} ms: ${made.files} files, ${kb(made.bytes)} → brotli ${kb(made.brBytes)}, gzip ${kb(made.gzipBytes)} (.next/volt-static)`);
      // The production server as plain JavaScript (server/build-server.ts): npm start runs it with no TypeScript loader.
      const { buildServer } = await import("./build-server");
      await buildServer();
      log(`Production server compiled to ${path.relative(ROOT, SERVER_ENTRY)}`);
    }
    return code;
  } finally {
    await database.stop();
  }
}

async function main() {
  // The .env files, as Next reads them (variables already set win): the launcher decides on
  // emulators, databases and secrets from the same environment the store will see.
  nextEnv.loadEnvConfig(ROOT, mode === "dev", { info: () => undefined, error: console.error });
  if (mode === "build") process.exit(await build());
  const env0 = process.env as Record<string, string | undefined>;
  env0.NODE_ENV ??= mode === "dev" ? "development" : "production";
  const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
  let config;
  try {
    config = readConfig({ ...process.env, SITE_URL: siteUrl, EMULATOR_URL: process.env.EMULATOR_URL ?? "http://127.0.0.1:1" });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  for (const warning of config.warnings) console.warn(`[store] warning: ${warning}`);
  const production = config.mode === "production";

  const database = await openDatabase({ ephemeral, log });
  const cleanups: (() => Promise<void>)[] = [database.stop];
  const applied = await applyMigrations(database.url);
  if (applied.length) log(`Applied migrations: ${applied.join(", ")}`);
  // SELLER_* variables give the seller's details their first values (a store with none saved yet).
  const { seed, seedSellerFromEnvironment } = await import("../prisma/seed");
  if (await seedSellerFromEnvironment(database.url)) log("Seller details saved from the SELLER_* variables");
  if (!production && (await countProducts(database.url)) === 0) {
    await seed(database.url, { quiet: false, demoAccounts: config.demoAccounts });
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    SITE_URL: siteUrl,
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? siteUrl,
    NEXTAUTH_SECRET: config.authSecret ?? (production ? undefined : devSecret()),
    PORT: String(port),
  };
  const needsEmulators = !config.stripe.secretKey || !config.resend.apiKey || !config.cloudinaryUrl;
  if (needsEmulators && !production && !process.env.EMULATOR_URL) {
    // The payment emulator signs its webhook events with the secret the store verifies them with
    // (STRIPE_WEBHOOK_SECRET when given, else a fresh one). With a real key, Stripe does.
    const webhookSecret = config.stripe.secretKey ? undefined : (config.stripe.webhookSecret ?? `whsec_${randomBytes(24).toString("base64url")}`);
    if (webhookSecret) env.STRIPE_WEBHOOK_SECRET = webhookSecret;
    const { startEmulators } = await import("./emulators/server");
    const options = {
      stripe: { webhookUrl: `http://127.0.0.1:${port}/api/webhook`, webhookSecret },
      // Uploads outlive a restart, as on the real host; a throwaway store's go with it.
      uploadsDir: ephemeral ? undefined : path.join(DATA_DIR, "uploads", "cloudinary"),
    };
    const chosen = emulatorPort();
    let emulators;
    try {
      emulators = await startEmulators({ ...options, port: chosen ?? (ephemeral ? 0 : DEFAULT_EMULATOR_PORT) });
    } catch (error) {
      if (chosen !== undefined || ephemeral || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      // Another store (or program) holds the default: this run still works, but the images
      // uploaded in it name a port the next start may not get.
      emulators = await startEmulators({ ...options, port: 0 });
      console.warn(`[store] warning: port ${DEFAULT_EMULATOR_PORT} is taken, so the emulators run on a free port; images uploaded in this run will not load after a restart (set EMULATOR_PORT to a free port to keep them)`);
    }
    cleanups.unshift(emulators.stop);
    env.EMULATOR_URL = emulators.url;
    log(`Provider emulators at ${emulators.url}`);
    log(`Email outbox: ${emulators.url}/resend/outbox (readable: ${emulators.url}/resend/outbox.html)`);
    if (webhookSecret) log(`Payments: emulated Stripe Checkout (test card 4242 4242 4242 4242); events go to /api/webhook`);
  }

  // Production runs server/serve.ts: Next's handler behind the page cache. Development runs next dev.
  // The server's heap, caches and allocator from the memory limit (server/memory.ts).
  let heap: string[] = [];
  if (mode === "start") {
    try {
      const memory = serverMemory();
      heap = memory.nodeFlags;
      Object.assign(env, memory.env);
      if (memory.summary) log(memory.summary);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
  // The compiled server (npm run build made it: server/build-server.ts), run by plain Node.
  if (mode === "start" && !existsSync(SERVER_ENTRY)) {
    console.error(`[store] ${path.relative(ROOT, SERVER_ENTRY)} is missing: run npm run build first`);
    process.exit(1);
  }
  const args =
    mode === "start"
      ? [...heap, SERVER_ENTRY, "--port", String(port)]
      : [path.join(ROOT, "node_modules/next/dist/bin/next"), "dev", "--port", String(port)];
  const child: ChildProcess = spawn(process.execPath, args, { cwd: ROOT, env, stdio: "inherit" });
  log(`The store: ${siteUrl}`);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log("Stopping…");
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error(error));
    log("Stopped.");
    // A production server that did not drain in time (its forced exit) says so through the
    // launcher's code (next dev's own code on a signal is not ours to pass on).
    process.exit(code || (mode === "start" ? (child.exitCode ?? 0) : 0));
  };
  // In order on a signal: the server finishes its requests, then the emulators and the database stop.
  onStopSignal(() => void stop(0));
  child.on("exit", (code) => void stop(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
