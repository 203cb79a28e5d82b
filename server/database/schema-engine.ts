// Drives Prisma's schema engine through its WebAssembly build with the `pg` driver adapter.
// The Prisma CLI wants to download a native schema engine first, which cannot be done on machines
// without internet; this gives `db:migrate` (apply) and `db:migration` (create) that work anywhere
// and write the standard `_prisma_migrations` table, so `prisma migrate deploy` stays valid.
import { readFileSync, readdirSync, existsSync, statSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } from "@prisma/driver-adapter-utils";
import { ROOT } from "../root";

const require = createRequire(import.meta.url);
export const SCHEMA_PATH = path.join(ROOT, "prisma/schema.prisma");
export const MIGRATIONS_DIR = path.join(ROOT, "prisma/migrations");

type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");
type Engine = import("@prisma/schema-engine-wasm").SchemaEngine;
type MigrationList = import("@prisma/schema-engine-wasm").MigrationList;

let bindings: Promise<Bindings> | undefined;
let lastPanic = "";
// The engine reports a Rust panic's message here before it throws.
(globalThis as { PRISMA_WASM_PANIC_REGISTRY?: unknown }).PRISMA_WASM_PANIC_REGISTRY = {
  set_message: (message: string) => {
    if (process.env.SCHEMA_ENGINE_DEBUG) console.error("[schema-engine panic]", message);
    lastPanic = message;
  },
};
export const lastSchemaEnginePanic = () => lastPanic;

/** Node 20 cannot import .wasm as an ES module, so instantiate it by hand. */
function loadBindings(): Promise<Bindings> {
  bindings ??= (async () => {
    const dir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
    const glue = (await import(
      path.join(dir, "schema_engine_bg.js")
    )) as Bindings & { __wbg_set_wasm: (exports: unknown) => void };
    const bytes = readFileSync(path.join(dir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": glue });
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
    return glue;
  })();
  return bindings;
}

/**
 * Runs `work` with a schema engine, then frees it and closes its connections. Closing matters:
 * the engine takes Postgres' migration advisory lock on a pooled session, and freeing the wasm
 * engine alone leaves that session (and the lock) open until the process exits.
 */
async function withSchemaEngine<T>(databaseUrl: string, work: (engine: Engine) => Promise<T>): Promise<T> {
  const { SchemaEngine } = await loadBindings();
  const schema = readFileSync(SCHEMA_PATH, "utf8");
  const factory = withCharColumns(poolConfig(databaseUrl));
  const connections: { dispose: () => Promise<void> }[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const connection = await connect();
    connections.push(connection);
    return connection;
  };
  // The engine speaks the error-capturing protocol of Prisma's driver adapters.
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  const log = (message: string) => {
    if (process.env.SCHEMA_ENGINE_DEBUG) console.error("[schema-engine]", message);
  };
  const engine = await SchemaEngine.new({ datamodels: [[SCHEMA_PATH, schema]] }, log, adapter);
  try {
    return await work(engine);
  } finally {
    engine.free();
    await Promise.all(connections.map((connection) => connection.dispose().catch(() => {})));
  }
}

/**
 * Discrete fields rather than a connection string: the adapter makes its shadow database by
 * overriding `database`, which a connection string would silently win over.
 */
type PoolConfig = ReturnType<typeof poolConfig>;
function poolConfig(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const sslmode = url.searchParams.get("sslmode");
  return {
    host: decodeURIComponent(url.hostname),
    port: url.port ? Number(url.port) : 5432,
    user: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    database: decodeURIComponent(url.pathname.slice(1)),
    ...(sslmode && sslmode !== "disable" ? { ssl: { rejectUnauthorized: sslmode === "verify-full" } } : {}),
  };
}

type QueryResult = { columnTypes: number[] };
type Queryable = {
  performIO: (query: unknown) => Promise<{ fields: { dataTypeID: number }[] }>;
  queryRaw: (query: unknown) => Promise<QueryResult>;
  executeScript?: (script: string) => Promise<void>;
  client?: { query: (text: string) => Promise<unknown> };
  onError: (error: unknown) => never;
};
const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

/**
 * The engine's catalogue queries return Postgres' one-byte "char" columns (pg_constraint.contype
 * and the like), which the pg adapter does not map; the engine reads them as characters.
 */
function withCharColumns(config: PoolConfig): PrismaPg {
  const factory = new PrismaPg(config);
  const patch = <T extends object>(queryable: T): T => {
    const target = queryable as unknown as Queryable;
    const performIO = target.performIO.bind(target);
    const queryRaw = target.queryRaw.bind(target);
    let charColumns: number[] = [];
    target.performIO = async (query) => {
      const result = await performIO(query);
      charColumns = [];
      result.fields.forEach((field, index) => {
        if (field.dataTypeID !== PG_CHAR_OID) return;
        field.dataTypeID = PG_TEXT_OID;
        charColumns.push(index);
      });
      return result;
    };
    target.queryRaw = async (query) => {
      const result = await queryRaw(query);
      for (const index of charColumns) result.columnTypes[index] = ColumnTypeEnum.Character;
      return result;
    };
    // The adapter splits a migration script on every semicolon, which breaks function bodies
    // ($$ ... $$). Like the native engine, send the script whole: Postgres' simple query
    // protocol runs several statements in one implicit transaction.
    if (target.executeScript && target.client) {
      const client = target.client;
      target.executeScript = async (script) => {
        try {
          await client.query(script);
        } catch (error) {
          target.onError(error);
        }
      };
    }
    const withTx = queryable as unknown as { startTransaction?: (...args: unknown[]) => Promise<object> };
    if (withTx.startTransaction) {
      const start = withTx.startTransaction.bind(queryable);
      withTx.startTransaction = async (...args) => patch(await start(...args));
    }
    return queryable;
  };
  const connect = factory.connect.bind(factory);
  factory.connect = async () => patch(await connect());
  // The adapter's own shadow database is dropped while its pool is still connected; end first.
  factory.connectToShadowDb = async () => {
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    const admin = new pg.Client(config);
    await admin.connect();
    await admin.query(`CREATE DATABASE "${database}"`);
    await admin.end();
    const shadow = patch(await new PrismaPg({ ...config, database }).connect());
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await dispose();
      const cleanup = new pg.Client(config);
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await cleanup.end();
    };
    return shadow;
  };
  return factory;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationList {
  const lockPath = path.join(dir, "migration_lock.toml");
  const names = existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => statSync(path.join(dir, name)).isDirectory())
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: names.map((name) => {
      const file = path.join(dir, name, "migration.sql");
      return {
        path: name,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok", value: readFileSync(file, "utf8") }
            : { tag: "error", value: `${file} is missing` },
        },
      };
    }),
  } as MigrationList;
}

const NO_FILTER = { externalTables: [], externalEnums: [] };

/** Applies every migration not yet applied; returns the names applied now. */
export async function applyMigrations(databaseUrl: string): Promise<string[]> {
  return withSchemaEngine(databaseUrl, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: readMigrations(), filters: NO_FILTER });
    return result.appliedMigrationNames;
  });
}

type DiffSource = import("@prisma/schema-engine-wasm").DiffTarget;

/** SQL that turns `from` into the database schema.prisma describes. */
async function diffToSchema(databaseUrl: string, from: DiffSource): Promise<string> {
  return withSchemaEngine(databaseUrl, async (engine) => {
    const result = await engine.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: SCHEMA_PATH, content: readFileSync(SCHEMA_PATH, "utf8") }] },
      script: true,
      exitCode: null,
      filters: NO_FILTER,
    });
    return result.stdout ?? "";
  });
}

/** SQL that turns the database built by the migrations into the one schema.prisma describes. */
export function diffMigrationsToSchema(databaseUrl: string): Promise<string> {
  return diffToSchema(databaseUrl, { tag: "migrations", ...readMigrations() });
}

/** Writes prisma/migrations/<timestamp>_<name>/migration.sql for what schema.prisma adds; null when nothing changed. */
export async function createMigration(databaseUrl: string, name: string): Promise<string | null> {
  const hasMigrations = readMigrations().migrationDirectories.length > 0;
  const sql = hasMigrations ? await diffMigrationsToSchema(databaseUrl) : await diffToSchema(databaseUrl, { tag: "empty" });
  if (isEmptyMigration(sql)) return null;
  const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "") || "migration";
  const dir = path.join(MIGRATIONS_DIR, `${stamp}_${slug}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "migration.sql"), sql);
  const lock = path.join(MIGRATIONS_DIR, "migration_lock.toml");
  if (!existsSync(lock)) {
    writeFileSync(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return dir;
}

export function isEmptyMigration(sql: string): boolean {
  return sql
    .split("\n")
    .map((line) => line.trim())
    .every((line) => line === "" || line.startsWith("--"));
}
