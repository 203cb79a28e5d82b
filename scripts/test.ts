// npm test: every layer, in order, on real parts.
//   1. Vitest: unit tests, and integration tests through the route handlers on a real PostgreSQL
//   2. next build: the production build compiles, type-checks and prerenders the catalogue pages
//      from a throwaway seeded database (the launcher's build mode)
//   3. Playwright: the journeys in Chromium against that build, on the same database
// It ends with the failed tests' names and first lines (so a log's tail says what failed), then one line,
// "tests: N passed, M failed", and a non-zero exit when anything failed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { seed } from "../prisma/seed";
import { openDatabase } from "../server/database/database";
import { applyMigrations } from "../server/database/schema-engine";

const ROOT = path.resolve(import.meta.dirname, "..");
const RESULTS = path.join(ROOT, "test-results");
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${title}: ${command} ${args.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, FORCE_COLOR: "0", ...env } });
  console.log(`=== ${title}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

type Counts = { passed: number; failed: number; skipped: number };

function vitestCounts(): Counts {
  const file = path.join(RESULTS, "unit.json");
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function playwrightCounts(): Counts {
  const file = path.join(RESULTS, "e2e.json");
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, skipped: report.stats.skipped };
}

type Failure = { title: string; message: string };

function firstLines(text: string): string {
  // Colour codes stripped; the first lines say what was expected and what came.
  return text.replace(/\u001b\[[0-9;]*m/g, "").split("\n")
    .filter((line) => line.trim() !== "" && !line.includes("node_modules") && !line.includes("<anonymous>")).slice(0, 6).join("\n      ");
}

function vitestFailures(): Failure[] {
  const file = path.join(RESULTS, "unit.json");
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
  };
  return report.testResults.flatMap((suite) => {
    const file = path.relative(ROOT, suite.name);
    const failed = suite.assertionResults.filter((test) => test.status === "failed");
    // A file that fails before its tests run (an import, a hook) has no failed test but a message.
    if (failed.length === 0 && suite.message) return [{ title: file, message: firstLines(suite.message) }];
    return failed.map((test) => ({ title: `${file} › ${test.fullName}`, message: firstLines(test.failureMessages.join("\n")) }));
  });
}

type PlaywrightSuite = {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
};

function playwrightFailures(): Failure[] {
  const file = path.join(RESULTS, "e2e.json");
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8")) as { suites: PlaywrightSuite[] };
  const walk = (suite: PlaywrightSuite, file: string): Failure[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => test.status === "unexpected")
        .map((test) => ({
          title: `[${test.projectName}] ${file} › ${spec.title}`,
          message: firstLines(test.results.map((result) => result.error?.message ?? "").join("\n")),
        })),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, file)),
  ];
  return report.suites.flatMap((suite) => walk(suite, suite.file ?? suite.title));
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
const unitOk = run("vitest", npx, ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${path.join(RESULTS, "unit.json")}`]);
const unit = vitestCounts();
// The build prerenders pages from the database, and the browser tests must see the same one.
const database = await openDatabase({ ephemeral: true });
await applyMigrations(database.url);
await seed(database.url, { quiet: true });
const buildOk = run("next build", process.execPath, ["--import", "tsx", "server/launch.ts", "build"], { DATABASE_URL: database.url });
let e2e: Counts = { passed: 0, failed: 0, skipped: 0 };
let e2eOk = false;
if (buildOk) {
  e2eOk = run("playwright", npx, ["playwright", "test"], { DATABASE_URL: database.url });
  e2e = playwrightCounts();
}
await database.stop();

const failures = [...vitestFailures(), ...playwrightFailures()];
if (failures.length > 0) {
  console.log(`\nFailed (${failures.length}):`);
  for (const failure of failures) console.log(`  ✗ ${failure.title}\n      ${failure.message}`);
}
const build: Counts = { passed: buildOk ? 1 : 0, failed: buildOk ? 0 : 1, skipped: 0 };
const total = [unit, build, e2e].reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed, skipped: a.skipped + b.skipped }));
console.log(`\nvitest ${unit.passed} passed, ${unit.failed} failed · next build ${buildOk ? "ok" : "failed"} · playwright ${e2e.passed} passed, ${e2e.failed} failed`);
const allOk = unitOk && buildOk && e2eOk && total.failed === 0 && total.skipped === 0;
if (!allOk && total.failed === 0) total.failed = 1;
console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(allOk ? 0 : 1);
