// The store as a deployer runs several instances of it, started for real on this machine: one
// PostgreSQL (embedded), the provider emulators, two production servers (`npm start`, i.e.
// the compiled launcher of npm start, on two ports, one database) and Debian's nginx in front of them as a
// round-robin load balancer on loopback. The resilience tests (tests/resilience) stop, start and
// kill its parts; npm run soak (scripts/soak.ts) runs an hour of load through it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { userInfo } from "node:os";
import path from "node:path";
import { seed } from "../../prisma/seed";
import { startEmulators, type RunningEmulators } from "../../server/emulators/server";
import type { StripeEmulatorOptions } from "../../server/emulators/stripe";
import { freePort, startEmbeddedPostgres, type RunningPostgres } from "../../server/database/embedded-postgres";
import { applyMigrations } from "../../server/database/schema-engine";
import { nginxConfig } from "../../scripts/lib/nginx";

/** The instances' CRON_SECRET: the tests ask for a round of order-email retries with it. */
export const CRON_SECRET = randomBytes(16).toString("hex");
const ROOT = path.resolve(import.meta.dirname, "../..");
const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));

export type InstanceName = "A" | "B";

/** The processes whose parent is `pid` (from /proc: Linux only). */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return children;
}

/** A process's resident memory in bytes (VmRSS), or null once it has ended. */
export function residentBytes(pid: number): number | null {
  try {
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

export class Instance {
  /** The launcher (`npm start`); the store's server is its child process (serverPid). */
  process: ChildProcess | null = null;
  /** The last lines it wrote (when its output is kept in memory rather than in a file). */
  readonly output: string[] = [];
  exitCode: number | null = null;

  constructor(
    readonly name: InstanceName,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    /** A file its stdout and stderr are appended to instead of being kept in memory (a long run). */
    readonly outputFile?: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server process itself (the launcher's child running .next/volt-server/serve.mjs), if it runs. */
  serverPid(): number | null {
    const launcher = this.process?.pid;
    if (launcher === undefined) return null;
    return childPids(launcher)[0] ?? null;
  }

  /** Starts `npm start` (the launcher's start mode) and waits until it answers. */
  async start(): Promise<void> {
    this.exitCode = null;
    const args = [".next/volt-server/launch.mjs", "start", "--port", String(this.port)];
    let child: ChildProcess;
    if (this.outputFile) {
      // Straight into the file: nothing to read, so no pipe can fill up over a long run.
      const fd = openSync(this.outputFile, "a");
      child = spawn(process.execPath, args, { cwd: ROOT, env: this.env, stdio: ["ignore", fd, fd] });
      closeSync(fd);
    } else {
      child = spawn(process.execPath, args, { cwd: ROOT, env: this.env, stdio: ["ignore", "pipe", "pipe"] });
      const keep = (chunk: Buffer) => {
        for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) this.output.push(`[${this.name}] ${line}`);
        if (this.output.length > 2000) this.output.splice(0, this.output.length - 2000);
      };
      child.stdout!.on("data", keep);
      child.stderr!.on("data", keep);
    }
    this.process = child;
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

  /**
   * A crash: SIGKILL to the server process itself (not the launcher, which would leave the server
   * running as an orphan). Nothing it holds is finished or answered; the launcher then exits.
   * Resolves with the launcher's exit code.
   */
  async crash(): Promise<number> {
    const child = this.process;
    const server = this.serverPid();
    if (!child || server === null) throw new Error(`instance ${this.name} has no server process to kill`);
    const exited = new Promise<number>((resolve) => child.once("exit", (code) => resolve(code ?? -1)));
    process.kill(server, "SIGKILL");
    return exited;
  }

  /** The last lines of its output (from memory, or the end of its output file). */
  tail(lines = 2000): string[] {
    if (!this.outputFile) return this.output.slice(-lines);
    try {
      return readFileSync(this.outputFile, "utf8").split("\n").filter((line) => line.trim()).slice(-lines).map((line) => `[${this.name}] ${line}`);
    } catch {
      return [];
    }
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

export type ClusterOptions = {
  log?: (line: string) => void;
  /**
   * "always" (the resilience suite, unless RESILIENCE_SKIP_BUILD=1 and a build exists): builds the
   * store first against the cluster's own database (pages are prerendered from it).
   * "if-missing": uses the build there is (npm run build), building only when there is none.
   */
  build?: "always" | "if-missing";
  /**
   * The instances' TRUSTED_PROXY_HOPS. 2 (default): the tests name each visitor's address in
   * X-Forwarded-For, as a CDN in front of nginx would. 1: nginx alone, as docs/DEPLOYMENT.md "Several
   * instances" deploys it; the soak's shoppers then connect from addresses of their own
   * (127.x.y.z, all loopback) and nginx names them.
   */
  trustedProxyHops?: 1 | 2;
  /** Instances write their output to files here (a long run) instead of into memory. */
  outputDir?: string;
  /** The payment emulator's delays between delivery attempts (default 0.5, 1, 2, 4 s). */
  retryDelaysMs?: number[];
  /** Names the work folder (.data/tmp/<label>-<pid>). */
  label?: string;
  /** The instances' METRICS_TOKEN (GET /metrics answers only with it); none by default. */
  metricsToken?: string;
};

/** Starts the whole cluster (ClusterOptions: how it is built, how it trusts nginx, where output goes). */
export async function startCluster(logOrOptions: ((line: string) => void) | ClusterOptions = {}): Promise<Cluster> {
  const options: ClusterOptions = typeof logOrOptions === "function" ? { log: logOrOptions } : logOrOptions;
  const log = options.log ?? console.log;
  if (!NGINX) throw new Error("nginx is not installed (Debian: apt-get install nginx-light); .ci/run installs it");
  const work = path.join(ROOT, ".data", "tmp", `${options.label ?? "resilience"}-${process.pid}`);
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
    const built = existsSync(path.join(ROOT, ".next", "BUILD_ID")) && existsSync(path.join(ROOT, ".next", "volt-server", "launch.mjs"));
    const skip = (options.build ?? "always") === "if-missing" || process.env.RESILIENCE_SKIP_BUILD === "1";
    if (!skip || !built) {
      log("resilience: building the store against the cluster's database");
      const build = spawnSync(process.execPath, ["--import", "tsx", "server/launch.ts", "build"], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url, SITE_URL: url, NODE_ENV: "production" }, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
      if (build.status !== 0) throw new Error(`next build failed:\n${build.stderr}`);
    }

    const webhookSecret = `whsec_${randomBytes(24).toString("base64url")}`;
    const stripe: StripeEmulatorOptions = { webhookUrl: `${url}/api/webhook`, webhookSecret, retryDelaysMs: options.retryDelaysMs ?? [500, 1000, 2000, 4000] };
    // The cluster's load (the soak's sign-ups, the resilience suite's 60 paid orders) mails more than
    // Resend's default 2 requests a second for a team: as a store with a raised limit, its emulator
    // allows 50 and each instance paces itself to 25 (RESEND_RATE_LIMIT below).
    const emulators = await startEmulators({ stripe, resend: { rateLimit: 50 } });
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
      RESEND_RATE_LIMIT: "25",
      // 2, as behind a CDN and nginx (two proxies): the tests name each visitor's address in
      // X-Forwarded-For, as a CDN would, and nginx appends its own peer. A store behind nginx
      // alone runs with 1 (docs/DEPLOYMENT.md, "Several instances"), as the soak does.
      TRUSTED_PROXY_HOPS: String(options.trustedProxyHops ?? 2),
      CRON_SECRET: CRON_SECRET,
      ...(options.metricsToken ? { METRICS_TOKEN: options.metricsToken } : {}),
    };
    const [portA, portB] = [await freePort(), await freePort()];
    if (options.outputDir) mkdirSync(options.outputDir, { recursive: true });
    const outputOf = (name: InstanceName) => (options.outputDir ? path.join(options.outputDir, `instance-${name}.log`) : undefined);
    const instances = { A: new Instance("A", portA, env, outputOf("A")), B: new Instance("B", portB, env, outputOf("B")) };
    cleanups.push(async () => {
      await Promise.all(Object.values(instances).map((instance) => instance.stop("SIGTERM")));
    });
    await Promise.all(Object.values(instances).map((instance) => instance.start()));
    log(`resilience: instances A on ${portA}, B on ${portB}`);

    const nginxDir = path.join(work, "nginx");
    mkdirSync(nginxDir, { recursive: true });
    writeFileSync(path.join(nginxDir, "nginx.conf"), nginxConfig({ listen: `127.0.0.1:${nginxPort}`, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], prefix: nginxDir, user: userInfo().uid === 0 ? "root" : undefined, keepaliveRequests: 1_000_000 }));
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
      logs: () => [...instances.A.tail(), ...instances.B.tail(), ...nginxOutput].join("\n"),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
