// One real PostgreSQL for the whole run: DATABASE_URL when given, else a throwaway embedded one.
// The migrations are applied here, so every test sees the schema the store ships.
import type { TestProject } from "vitest/node";
import pg from "pg";
import { DEMO_SELLER } from "../../lib/billing/demo-seller";
import { seedSeller } from "../../prisma/seed";
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
  // The seed's fictional seller, so that every paid order gets its invoice; the files that change
  // the seller's details (seller-settings, invoices) take turns through holdSellerDetails().
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await seedSeller(client, DEMO_SELLER).finally(() => client.end());
  project.provide("databaseUrl", database.url);
  return async () => {
    await database.stop();
  };
}
