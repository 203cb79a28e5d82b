import { defineConfig } from "vitest/config";
import unit from "./vitest.config.ts";

// npm run test:resilience: the store as a deployer runs it (tests/resilience/cluster.ts: embedded
// PostgreSQL, the provider emulators, two `npm start` instances, nginx in front), one file at a
// time, since each starts its own cluster and the faults it injects are felt machine-wide. The
// same module aliases as the other tests.
export default defineConfig({
  resolve: unit.resolve,
  test: {
    include: ["tests/resilience/**/*.test.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 15 * 60_000,
    pool: "forks",
  },
});
