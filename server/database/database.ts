// Which database a command uses: DATABASE_URL when set; else the running store's embedded one
// (its address is kept in .data/postgres.url while `npm run dev` runs); else an embedded
// PostgreSQL under .data/postgres started for the command.
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, type RunningPostgres } from "./embedded-postgres";

import { ROOT } from "../root";

export { ROOT };
export const DATA_DIR = path.join(ROOT, ".data");
const URL_FILE = path.join(DATA_DIR, "postgres.url");
export const EMBEDDED_PORT = 54329;

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The database a command uses; `reused` when it is DATABASE_URL's or another process's (stop does nothing then). */
export async function openDatabase(options: { ephemeral?: boolean; log?: (line: string) => void } = {}): Promise<RunningPostgres & { reused?: boolean }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {}, reused: true };
  if (!options.ephemeral && existsSync(URL_FILE)) {
    const url = readFileSync(URL_FILE, "utf8").trim();
    if (await answers(url)) return { url, stop: async () => {}, reused: true };
    rmSync(URL_FILE, { force: true });
  }
  const dataDir = options.ephemeral
    ? path.join(DATA_DIR, "tmp", `pg-${process.pid}-${Date.now()}`)
    : path.join(DATA_DIR, "postgres");
  const running = await startEmbeddedPostgres({
    dataDir,
    port: options.ephemeral ? 0 : EMBEDDED_PORT,
    persistent: !options.ephemeral,
  });
  options.log?.(`Embedded PostgreSQL ${options.ephemeral ? "(throwaway) " : ""}at ${running.url.replace(/:[^:@]+@/, ":***@")}`);
  if (options.ephemeral) return running;
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(URL_FILE, running.url);
  // embedded-postgres stops the server and exits on SIGINT by itself, before any async cleanup.
  process.once("exit", () => rmSync(URL_FILE, { force: true }));
  return {
    url: running.url,
    stop: async () => {
      rmSync(URL_FILE, { force: true });
      await running.stop();
    },
  };
}

export async function countProducts(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM "Product"');
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
