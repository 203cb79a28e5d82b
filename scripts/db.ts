// npm run db:migrate                 apply the migrations in prisma/migrations
// npm run db:migration -- <name>     write a new migration for what schema.prisma changed
// npm run db:seed [-- --synthetic N] [--demo]  seed the catalogue (and N generated products); the
//                                    demo accounts too on the embedded database, or with --demo
// npm run db:serve                   keep the embedded PostgreSQL running (until Ctrl-C), so the
//                                    store started meanwhile uses it instead of starting its own:
//                                    e.g. the store in a memory-limited group, its database outside
import { readConfig } from "../lib/server/platform/config";
import { openDatabase } from "../server/database/database";
import { onStopSignal } from "../server/database/embedded-postgres";
import { applyMigrations, createMigration } from "../server/database/schema-engine";
import { seed } from "../prisma/seed";

const [command, ...args] = process.argv.slice(2);

async function main(): Promise<number> {
  if (!command || !["migrate", "migration", "seed", "serve"].includes(command)) {
    console.error("usage: tsx scripts/db.ts migrate | migration <name> | seed [--synthetic N] | serve");
    return 2;
  }
  let synthetic = 0;
  if (command === "seed") {
    const index = args.indexOf("--synthetic");
    synthetic = index >= 0 ? Number(args[index + 1]) : 0;
    if (!Number.isInteger(synthetic) || synthetic < 0) {
      console.error("--synthetic takes a whole number of products");
      return 2;
    }
  }
  if (command === "migration" && !args[0]) {
    console.error("usage: npm run db:migration -- <name>");
    return 2;
  }
  if (command === "serve" && process.env.DATABASE_URL) {
    console.error("DATABASE_URL is set: there is no embedded database to serve.");
    return 2;
  }
  const database = await openDatabase({ log: console.log });
  if (command === "serve") {
    if (database.reused) {
      console.log("The embedded database is already running (a store or another db:serve started it); nothing to do.");
      return 0;
    }
    console.log("Serving until Ctrl-C; npm start and npm run dev use it meanwhile.");
    // Until a signal (stopping the database once, then ending with 0); the timer keeps Node up.
    const timer = setInterval(() => {}, 1 << 30);
    await new Promise<void>((resolve) => onStopSignal(resolve));
    clearInterval(timer);
    await database.stop();
    console.log("Stopped.");
    return 0;
  }
  try {
    if (command === "migrate") {
      const applied = await applyMigrations(database.url);
      console.log(applied.length ? `Applied ${applied.join(", ")}` : "The database is up to date.");
    } else if (command === "migration") {
      const dir = await createMigration(database.url, args[0]!);
      console.log(dir ? `Wrote ${dir}/migration.sql: read it, then npm run db:migrate` : "schema.prisma matches the migrations; nothing to write.");
    } else {
      await applyMigrations(database.url);
      // The demo accounts (publicly known passwords, one of them ADMIN) only into the embedded
      // database, or into DATABASE_URL when asked with --demo; never in production without STORE_DEMO=1.
      const demoAccounts = readConfig().demoAccounts && (!process.env.DATABASE_URL || args.includes("--demo"));
      await seed(database.url, { synthetic, demoAccounts });
    }
    return 0;
  } finally {
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
