import { defineConfig } from "prisma/config";

// The CLI reads the schema from here. The connection URL is only needed by commands that talk
// to a database; the store's own scripts (scripts/db.ts) pass it explicitly.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations", seed: "tsx prisma/seed.ts" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/unused" },
});
