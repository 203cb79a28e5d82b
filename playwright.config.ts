import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { EMULATOR_PORT } from "./e2e/emulators";

// Journeys in a real Chromium against the production build (`next build` first) on a throwaway
// embedded database, in demo mode with the provider emulators.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "mobile", use: { ...devices["Pixel 7"], viewport: { width: 390, height: 844 } }, grep: /@mobile/ },
  ],
  webServer: {
    command: `node .next/volt-server/launch.mjs start --ephemeral --port ${PORT}`,
    url: `http://localhost:${PORT}/`,
    timeout: 120_000,
    reuseExistingServer: false,
    // As if behind one proxy: the accounts the tests make through the API each come with an
    // X-Forwarded-For of their own (e2e/fixtures.ts visitorAddress), so the journeys' many
    // sign-ups from one machine count as the different visitors they stand for.
    env: { STORE_DEMO: "1", NODE_ENV: "production", EMULATOR_PORT: String(EMULATOR_PORT), TRUSTED_PROXY_HOPS: "1" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
