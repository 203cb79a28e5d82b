// The load balancer's configuration (scripts/lib/nginx.ts) on its own, with two stand-in
// instances that count what they read: a write nginx has handed to one instance is never sent to
// the other, whatever that instance does with the connection; a read refused by a stopping
// instance (504) or cut off goes to the other; a refused connection sends anything on.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { userInfo } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/database/embedded-postgres";
import { nginxConfig } from "../../scripts/lib/nginx";

const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => existsSync(candidate));
const work = path.resolve(import.meta.dirname, "../..", ".data", "tmp", `nginx-${process.pid}`);

type Behaviour = "answer" | "reset-after-reading" | "refuse-reads";
type StandIn = { server: Server; port: number; behaviour: Behaviour; seen: string[] };

async function standIn(): Promise<StandIn> {
  const me: StandIn = { server: createServer(), port: 0, behaviour: "answer", seen: [] };
  me.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      me.seen.push(`${request.method} ${request.url}`);
      if (me.behaviour === "reset-after-reading") {
        // Read and applied, then the connection dies before the answer (a crash, a forced exit).
        request.socket.resetAndDestroy();
        return;
      }
      if (me.behaviour === "refuse-reads" && request.method === "GET") {
        response.writeHead(504, { connection: "close" }).end();
        return;
      }
      response.writeHead(200, { "content-type": "text/plain" }).end(`${me.port}`);
    });
  });
  await new Promise<void>((resolve) => me.server.listen(0, "127.0.0.1", resolve));
  me.port = (me.server.address() as AddressInfo).port;
  return me;
}

let nginx: ChildProcess;
let url: string;
let one: StandIn;
let two: StandIn;

beforeAll(async () => {
  if (!NGINX) throw new Error("nginx is not installed (Debian: apt-get install nginx-light)");
  [one, two] = [await standIn(), await standIn()];
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(path.join(work, "nginx.conf"), nginxConfig({ listen: `127.0.0.1:${port}`, upstreams: [`127.0.0.1:${one.port}`, `127.0.0.1:${two.port}`], prefix: work, user: userInfo().uid === 0 ? "root" : undefined }));
  nginx = spawn(NGINX, ["-p", work, "-c", path.join(work, "nginx.conf"), "-g", "daemon off;"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    if ((await fetch(`${url}/up`).catch(() => null))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("nginx did not answer");
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once("exit", resolve));
    nginx.kill("SIGQUIT");
    await exited;
  }
  for (const server of [one?.server, two?.server]) await new Promise((resolve) => server?.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

/**
 * Waits until nginx takes a failed instance back. It keeps one out while `now - checked <=
 * fail_timeout` (5 s), both in whole seconds of its cached clock, so up to 6 s after the failure:
 * a 5.2 s wait let a failure at the start of a second still exclude it (a test failed 1 in a few).
 */
const failTimeoutPassed = () => new Promise((resolve) => setTimeout(resolve, 6500));

/** Sends requests until one lands on `target` first (round-robin), and returns what each saw. */
async function landOn(target: StandIn, method: string): Promise<{ status: number; first: string[]; other: string[] }> {
  const other = target === one ? two : one;
  for (let attempt = 0; attempt < 4; attempt++) {
    const [before, otherBefore] = [target.seen.length, other.seen.length];
    const tag = `/write-${attempt}-${Math.random().toString(36).slice(2)}`;
    const answer = await fetch(`${url}${tag}`, { method, body: method === "POST" ? "{}" : undefined });
    await answer.arrayBuffer();
    const first = target.seen.slice(before).filter((line) => line.endsWith(tag));
    if (first.length > 0) return { status: answer.status, first, other: other.seen.slice(otherBefore).filter((line) => line.endsWith(tag)) };
  }
  throw new Error("round-robin never chose the target");
}

describe("nginx in front of two instances", () => {
  it("never sends a POST that one instance read to the other: the client gets a 502 instead", async () => {
    one.behaviour = "reset-after-reading";
    try {
      const { status, first, other } = await landOn(one, "POST");
      expect(first).toHaveLength(1);
      expect(other).toEqual([]);
      expect(status).toBe(502);
    } finally {
      one.behaviour = "answer";
    }
    await failTimeoutPassed();
  }, 25_000);

  it("sends a GET refused by a stopping instance (504) to the other, and the client never sees the 504", async () => {
    one.behaviour = "refuse-reads";
    try {
      const { status, first, other } = await landOn(one, "GET");
      expect(first).toHaveLength(1);
      expect(other).toHaveLength(1);
      expect(status).toBe(200);
      // Marked failed for fail_timeout: the next requests, writes too, go to the other one only.
      const before = one.seen.length;
      for (let i = 0; i < 4; i++) expect((await fetch(`${url}/after-${i}`, { method: "POST", body: "{}" })).status).toBe(200);
      expect(one.seen.length).toBe(before);
    } finally {
      one.behaviour = "answer";
    }
    await failTimeoutPassed();
  }, 25_000);

  it("sends a POST whose connection was refused (nothing written) to the other", async () => {
    const port = one.port;
    await new Promise((resolve) => one.server.close(resolve));
    try {
      for (let i = 0; i < 4; i++) {
        const answer = await fetch(`${url}/refused-${i}`, { method: "POST", body: "{}" });
        expect(answer.status).toBe(200);
        expect(await answer.text()).toBe(String(two.port));
      }
    } finally {
      await new Promise<void>((resolve) => one.server.listen(port, "127.0.0.1", resolve));
    }
  }, 25_000);
});
