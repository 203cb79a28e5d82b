import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\/(.*)$/, replacement: path.resolve(import.meta.dirname, "$1") },
      // The real guard throws outside React's server bundle; the tests are server code.
      { find: "server-only", replacement: path.resolve(import.meta.dirname, "tests/stubs/empty.ts") },
    ],
  },
  test: {
    include: ["tests/**/*.test.ts"],
    // Those start a cluster of their own: npm run test:resilience (vitest.resilience.config.ts).
    exclude: ["tests/resilience/**", "**/node_modules/**"],
    globalSetup: ["tests/setup/database.ts", "tests/setup/emulators.ts"],
    setupFiles: ["tests/setup/env.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
