// Statements are prepared once per connection (lib/server/platform/db.ts preparedStatementName):
// PostgreSQL then only executes them, instead of planning each one again (the cart's statements
// cost about 1 ms to plan). Checked on a real PostgreSQL through the store's own Prisma client.
import { describe, expect, it } from "vitest";
import { db, PREPARED_STATEMENTS_MAX, preparedStatementName } from "@/lib/server/platform/db";
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
