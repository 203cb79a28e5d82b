import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient, type Prisma } from "@/lib/generated/prisma/client";
import { log } from "./log";
import { provideMetricsSource } from "./metrics";

// One Prisma client per process (kept across hot reloads in development), made on first use so
// that importing this module never needs a database (next build, type checks).
const globalForPrisma = globalThis as unknown as { prisma?: PrismaClient; pool?: pg.Pool; named?: boolean; statementNames?: Map<string, string> };

function client(): PrismaClient {
  if (globalForPrisma.prisma) return globalForPrisma.prisma;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) {
    throw new Error("DATABASE_URL is not set. Start the store with `npm run dev` or `npm start`, which provide a database.");
  }
  const pool = Number(process.env.DATABASE_POOL_SIZE ?? 10);
  // A connection that cannot be made within 1.5 s fails (and the request answers 503 within 2 s:
  // see isDatabaseUnavailable) rather than waiting on a database that is down.
  // The pool is made here (not by the adapter) so GET /metrics can report it.
  const connections = new pg.Pool({ connectionString, max: pool, connectionTimeoutMillis: 1500 });
  // An idle connection the server closes (a restart) must not crash the process.
  connections.on("error", (error) => log.warn({ err: error }, "database: an idle pooled connection failed"));
  provideMetricsSource("pool", () => ({ total: connections.totalCount, idle: connections.idleCount, waiting: connections.waitingCount }));
  // The adapter hands the name to pg's query(), where none (undefined) means an unnamed statement.
  const off = /^(0|false|off|no)$/i.test(process.env.DATABASE_PREPARED_STATEMENTS ?? "");
  const statementNameGenerator = off ? undefined : (preparedStatementName as NameGenerator);
  globalForPrisma.pool = connections;
  globalForPrisma.named = !off;
  globalForPrisma.prisma = new PrismaClient({ adapter: new PrismaPg(connections, { statementNameGenerator }) });
  return globalForPrisma.prisma;
}

type NameGenerator = NonNullable<NonNullable<ConstructorParameters<typeof PrismaPg>[1]>["statementNameGenerator"]>;

/** At most this many distinct statements are prepared on each connection (the rest are planned each time). */
export const PREPARED_STATEMENTS_MAX = 300;
// On globalThis, as the client is: the front door's copy of this module (its direct routes call
// hotQuery) and Next's copy (whose generator the client may have been made with) must never give
// one name to two texts on a connection.
const statementNames: Map<string, string> = (globalForPrisma.statementNames ??= new Map());

/**
 * The name a statement is prepared under, once per connection (PostgreSQL plans an unnamed one
 * each time it is sent); one text, one name, in a process. Not named: texts past
 * PREPARED_STATEMENTS_MAX, placeholder lists (`IN ($1,$2,…)`) and `*` selects, which fail once a
 * migration adds a column under a running instance. Restart the instances after a migration that
 * changes a column's type (docs/ENGINEERING.md §10a, "The database client").
 */
export function preparedStatementName(query: { sql: string }): string | undefined {
  const known = statementNames.get(query.sql);
  if (known !== undefined || statementNames.size >= PREPARED_STATEMENTS_MAX) return known;
  if (/(^|[\s.(,])\*(?!\))/.test(query.sql) || /\(\s*\$\d+\s*,\s*\$\d+/.test(query.sql)) return undefined;
  const name = `volt_${statementNames.size + 1}`;
  statementNames.set(query.sql, name);
  return name;
}

/**
 * The rows of one statement, sent by node-postgres on the Prisma client's own pool (prepared under
 * the same names) without the client's query machinery. Only for a hot statement alone in its
 * transaction (the cart's writes); everything else goes through `db`. The types are pg's: int8 and
 * numeric come back as strings (Prisma gives BigInt and Decimal), so cast those in SQL.
 */
export async function hotQuery<T>(query: Prisma.Sql): Promise<T[]> {
  client();
  const text = query.text;
  const name = globalForPrisma.named ? preparedStatementName({ sql: text }) : undefined;
  const result = await globalForPrisma.pool!.query<T & pg.QueryResultRow>({ text, values: query.values, name });
  return result.rows;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const real = client();
    const value: unknown = Reflect.get(real, property);
    return typeof value === "function" ? value.bind(real) : value;
  },
});

// What a database that is down, restarting or out of reach looks like, however deep the driver
// or Prisma wrapped it: the driver adapter's kinds, PostgreSQL's SQLSTATEs for a shutdown or a
// lost connection, Node's socket codes, Prisma's connection codes.
const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNAVAILABLE_CODES = new Set([
  ...["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006", "53300"],
  ...["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH"],
  ...["P1001", "P1002", "P1008", "P1017", "P2024"],
]);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Can't reach database server/i;

/** True when `error` says the database could not be reached (not that a query was wrong). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 6 || error === null || typeof error !== "object") return false;
  const value = error as { name?: unknown; kind?: unknown; code?: unknown; originalCode?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
  if (value.name === "PrismaClientInitializationError") return true;
  if (typeof value.kind === "string" && UNAVAILABLE_KINDS.has(value.kind)) return true;
  for (const code of [value.code, value.originalCode]) if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof value.message === "string" && UNAVAILABLE_MESSAGES.test(value.message)) return true;
  return isDatabaseUnavailable(value.cause, depth + 1) || isDatabaseUnavailable(value.meta?.driverAdapterError, depth + 1);
}
