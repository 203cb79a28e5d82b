// One real PostgreSQL for the whole run: DATABASE_URL when given, else a throwaway embedded one.
// The migrations are applied here, so every test sees the schema the store ships.
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/database/database";
import { applyMigrations } from "../../server/database/schema-engine";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const database = await openDatabase({ ephemeral: true });
  await applyMigrations(database.url);
  project.provide("databaseUrl", database.url);
  return async () => {
    await database.stop();
  };
}
