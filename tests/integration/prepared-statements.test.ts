// Statements are prepared once per connection (lib/server/platform/db.ts preparedStatementName):
// PostgreSQL then only executes them, instead of planning each one again (the cart's statements
// cost about 1 ms to plan). Checked on a real PostgreSQL through the store's own Prisma client.
import { describe, expect, it, vi } from "vitest";
import { Prisma } from "@/lib/generated/prisma/client";
import { db, hotQuery, PREPARED_STATEMENTS_MAX, preparedStatementName } from "@/lib/server/platform/db";
import { onOwnDatabase } from "../helpers";

onOwnDatabase("prepared");

describe("prepared statements", () => {
  it("a query is prepared on its connection and found there by its name afterwards", async () => {
    const marker = `prepared-${Date.now()}`;
    const names = await db.$transaction(async (tx) => {
      // One connection for the whole transaction: the view shows that connection's statements.
      await tx.$queryRaw`SELECT ${marker}::text AS marker, count(*)::int AS n FROM "Product"`;
      return tx.$queryRaw<{ name: string; statement: string }[]>`SELECT name, statement FROM pg_prepared_statements`;
    });
    const mine = names.find((row) => row.statement.includes("AS marker"));
    expect(mine?.name).toMatch(/^volt_\d+$/);
  });

  it("a hot statement (hotQuery) is prepared under the same name, on the same pool, and answers as $queryRaw does", async () => {
    // A prepared statement is in pg_prepared_statements while it runs: this one finds itself.
    const [self] = await hotQuery<{ name: string }>(Prisma.sql`SELECT name, ${"x"}::text AS hot_marker FROM pg_prepared_statements WHERE statement LIKE '%AS hot_marker FROM%'`);
    expect(self?.name).toMatch(/^volt_\d+$/);
    const query = Prisma.sql`SELECT ${"2026-11-26T10:00:00.000Z"}::timestamptz AS "at", NULL::timestamptz AS "none", ${3}::int AS "three", (1 = 2) AS "no",
      jsonb_build_object('name', ${"Phone"}::text, 'createdAt', ${"2026-11-26T10:00:00.000Z"}::timestamptz) AS "product"`;
    const [hot, prisma] = await Promise.all([hotQuery(query), db.$queryRaw<unknown[]>(query)]);
    expect(hot).toEqual([{ at: new Date("2026-11-26T10:00:00.000Z"), none: null, three: 3, no: false, product: { name: "Phone", createdAt: "2026-11-26T10:00:00+00:00" } }]);
    expect(hot).toEqual(prisma);
  });

  it("two copies of the module (the front door's and Next's, in one process) never give one name to two texts", async () => {
    const mine = preparedStatementName({ sql: `SELECT 1 AS "copy" -- first copy` });
    vi.resetModules();
    const other = await import("@/lib/server/platform/db");
    expect(other.preparedStatementName).not.toBe(preparedStatementName); // a second instance indeed
    const theirs = other.preparedStatementName({ sql: `SELECT 2 AS "copy" -- second copy` });
    expect(theirs).toMatch(/^volt_\d+$/);
    expect(theirs).not.toBe(mine);
    expect(other.preparedStatementName({ sql: `SELECT 1 AS "copy" -- first copy` })).toBe(mine);
  });

  it("names each text once and always the same way; a whole-row `*` or a list of placeholders is never named", () => {
    const a = preparedStatementName({ sql: `SELECT "id" FROM "Product" WHERE "id" = $1 -- a` });
    expect(a).toMatch(/^volt_\d+$/);
    expect(preparedStatementName({ sql: `SELECT "id" FROM "Product" WHERE "id" = $1 -- a` })).toBe(a);
    expect(preparedStatementName({ sql: `SELECT "id" FROM "Product" WHERE "id" = $1 -- b` })).not.toBe(a);
    expect(preparedStatementName({ sql: `SELECT count(*) FROM "Product" -- c` })).toMatch(/^volt_\d+$/);
    for (const sql of [`SELECT * FROM "User"`, `SELECT u.* FROM "User" u`, `SELECT u.*, s.id FROM "User" u, "Session" s`, `SELECT "id" FROM "Product" WHERE "id" IN ($1,$2,$3)`, `SELECT "id" FROM "Product" WHERE "id" IN ( $1, $2 )`]) {
      expect(preparedStatementName({ sql }), sql).toBeUndefined();
    }
  });

  it(`stops naming new texts after ${PREPARED_STATEMENTS_MAX}: each connection keeps a bounded number`, () => {
    for (let i = 0; i < PREPARED_STATEMENTS_MAX + 10; i++) preparedStatementName({ sql: `SELECT ${i} -- bound` });
    expect(preparedStatementName({ sql: `SELECT 'past the bound'` })).toBeUndefined();
    expect(preparedStatementName({ sql: `SELECT "id" FROM "Product" WHERE "id" = $1 -- a` })).toMatch(/^volt_\d+$/);
  });
});
