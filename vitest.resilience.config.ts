import path from "node:path";
import { defineConfig } from "vitest/config";

// npm run test:resilience: the store as a deployer runs it (tests/resilience/cluster.ts: embedded
// PostgreSQL, the provider emulators, two `npm start` instances, nginx in front), one file at a
// time, since each starts its own cluster and the faults it injects are felt machine-wide.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: path.resolve(import.meta.dirname, "$1") },
      { find: "server-only", replacement: path.resolve(import.meta.dirname, "tests/stubs/empty.ts") },
    ],
  },
  test: {
    include: ["tests/resilience/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 15 * 60_000,
    pool: "forks",
  },
});
