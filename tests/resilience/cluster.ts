// The store as a deployer runs several instances of it, started for real on this machine: one
// PostgreSQL (embedded), the provider emulators, two production servers (`npm start`, i.e.
// the compiled launcher of npm start, on two ports, one database) and Debian's nginx in front of them as a
// round-robin load balancer on loopback. The resilience tests stop and start its parts.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { seed } from "../../prisma/seed";
import { startEmulators, type RunningEmulators } from "../../scripts/emulators/server";
import type { StripeEmulatorOptions } from "../../scripts/emulators/stripe";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "../../scripts/lib/embedded-postgres";
import { applyMigrations } from "../../scripts/lib/schema-engine";
import { nginxConfig } from "../../scripts/lib/nginx";

/** The instances' CRON_SECRET: the tests ask for a round of order-email retries with it. */
export const CRON_SECRET = randomBytes(16).toString("hex");
const ROOT = path.resolve(import.meta.dirname, "../..");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));

export type InstanceName = "A" | "B";

export class Instance {
  process: ChildProcess | null = null;
  readonly output: string[] = [];
  exitCode: number | null = null;

  constructor(
    readonly name: InstanceName,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts `npm start` (the launcher's start mode) and waits until it answers. */
  async start(): Promise<void> {
    this.exitCode = null;
    const child = spawn(process.execPath, [".next/volt-server/launch.mjs", "start", "--port", String(this.port)], { cwd: ROOT, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
    this.process = child;
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) this.output.push(`[${this.name}] ${line}`);
      if (this.output.length > 2000) this.output.splice(0, this.output.length - 2000);
    };
    child.stdout!.on("data", keep);
    child.stderr!.on("data", keep);
    child.on("exit", (code) => {
      this.exitCode = code ?? -1;
      if (this.process === child) this.process = null;
    });
    await waitFor(`${this.url}/robots.txt`, 90_000, () => this.exitCode !== null);
  }

  /** Sends `signal` and resolves with the exit code once the process has ended. */
  async stop(signal: NodeJS.Signals = "SIGTERM"): Promise<number> {
    const child = this.process;
    if (!child) return this.exitCode ?? 0;
    const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? -1)));
    child.kill(signal);
    return exited;
  }
}

async function waitFor(url: string, timeoutMs: number, gaveUp: () => boolean = () => false): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (gaveUp()) throw new Error(`${url}: the process ended before it answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type Cluster = {
  database: RunningPostgres;
  databaseUrl: string;
  emulators: RunningEmulators;
  /** The payment emulator's delivery settings, read at each delivery (webhookUrl undefined: events kept, not sent). */
  stripe: StripeEmulatorOptions;
  webhookSecret: string;
  instances: Record<InstanceName, Instance>;
  /** nginx, in front of both instances: the address shoppers use (SITE_URL). */
  url: string;
  /** Every line the instances and nginx wrote, for a failing test's report. */
  logs: () => string;
  stop: () => Promise<void>;
};

/**
 * Starts the whole cluster. Builds the store first against the cluster's own database (pages are
 * prerendered from it) unless RESILIENCE_SKIP_BUILD=1 and a build exists.
 */
export async function startCluster(log: (line: string) => void = console.log): Promise<Cluster> {
  if (!NGINX) throw new Error("nginx is not installed (Debian: apt-get install nginx-light); .ci/run installs it");
  const work = path.join(ROOT, ".data", "tmp", `resilience-${process.pid}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(work, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch((error: unknown) => console.error(error));
  };
  try {
    // Persistent: its data must survive the outage test's stop and start (the work folder goes at the end).
    const database = await startEmbeddedPostgres({ dataDir: path.join(work, "postgres"), persistent: true });
    cleanups.push(() => database.stop());
    await applyMigrations(database.url);
    await seed(database.url, { quiet: true, demoAccounts: true });
    log(`resilience: PostgreSQL at ${database.url.replace(/:[^:@]+@/, ":***@")}`);

    const nginxPort = await freePort();
    const url = `http://127.0.0.1:${nginxPort}`;
    if (process.env.RESILIENCE_SKIP_BUILD !== "1" || !existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
      log("resilience: building the store against the cluster's database");
      const built = spawnSync(process.execPath, ["--import", "tsx", "server/launch.ts", "build"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, SITE_URL: url, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
      if (built.status !== 0) throw new Error(`next build failed:\n${built.stderr}`);
    }

    const webhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;
    const stripe: StripeEmulatorOptions = { webhookUrl: `${url}/api/webhook`, webhookSecret, retryDelaysMs: [500, 1000, 2000, 4000] };
    const emulators = await startEmulators({ stripe });
    cleanups.push(() => emulators.stop());

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      STORE_DEMO: "1",
      DATABASE_URL: database.url,
      SITE_URL: url,
      NEXTAUTH_URL: url,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      EMULATOR_URL: emulators.url,
      // As behind a CDN and nginx (two proxies): the tests name each visitor's address in
      // X-Forwarded-For, as a CDN would, and nginx appends its own peer. A store behind nginx
      // alone runs with 1 (README, "Several instances").
      TRUSTED_PROXY_HOPS: "2",
      CRON_SECRET: CRON_SECRET,
    };
    const [portA, portB] = [await freePort(), await freePort()];
    const instances = { A: new Instance("A", portA, env), B: new Instance("B", portB, env) };
    cleanups.push(async () => {
      await Promise.all(Object.values(instances).map((instance) => instance.stop("SIGTERM")));
    });
    await Promise.all(Object.values(instances).map((instance) => instance.start()));
    log(`resilience: instances A on ${portA}, B on ${portB}`);

    const nginxDir = path.join(work, "nginx");
    mkdirSync(nginxDir, { recursive: true });
    writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConfig({ listen: `127.0.0.1:${nginxPort}`, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], prefix: nginxDir, user: userInfo().uid === 0 ? "root" : undefined }));
    const nginxOutput: string[] = [];
    const nginx = spawn(NGINX, ["-p", nginxDir, "-c", path.join(nginxDir, "nginx.conf"), "-g", "daemon off;"], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stderr!.on("data", (chunk: Buffer) => nginxOutput.push(chunk.toString("utf8")));
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          if (nginx.exitCode !== null) return resolve();
          nginx.once("exit", () => resolve());
          nginx.kill("SIGQUIT");
        }),
    );
    await waitFor(`${url}/robots.txt`, 15_000, () => nginx.exitCode !== null);
    log(`resilience: nginx at ${url}`);

    return {
      database,
      databaseUrl: database.url,
      emulators,
      stripe,
      webhookSecret,
      instances,
      url,
      logs: () => [...instances.A.output, ...instances.B.output, ...nginxOutput].join("\n"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
