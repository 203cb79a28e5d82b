// schema.prisma and prisma/migrations must describe the same database.
import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema, isEmptyMigration } from "../../server/database/schema-engine";

describe("migrations", () => {
  it("build exactly the database schema.prisma describes", async () => {
    const sql = await diffMigrationsToSchema(process.env.DATABASE_URL!);
    expect(isEmptyMigration(sql), `schema.prisma has changes no migration makes; run npm run db:migration -- <name>:\n${sql}`).toBe(true);
  });

  it("isEmptyMigration tells a change from a no-op", () => {
    expect(isEmptyMigration("-- This is an empty migration.\n")).toBe(true);
    expect(isEmptyMigration('-- AlterTable\nALTER TABLE "User" ADD COLUMN "x" INTEGER;\n')).toBe(false);
  });
});
