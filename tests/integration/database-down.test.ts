// A database that is down: every endpoint that needs it answers 503 with a clear JSON message and
// Retry-After, within 2 s, instead of hanging or answering 500 (the resilience tests stop and
// restart a real PostgreSQL under load; here the database is simply absent from the start).
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "@/lib/server/platform/db";
import { DATABASE_UNAVAILABLE_MESSAGE } from "@/lib/server/platform/http";
import { getRequest, jsonRequest, noContext } from "../helpers";

beforeAll(async () => {
  // A port nothing listens on: the first database use in this file's process connects there.
  const port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
  process.env.DATABASE_URL = `postgresql://store:none@127.0.0.1:${port}/store`;
});

describe("with the database down", () => {
  it.each([
    ["GET /api/get-product", async () => (await import("@/app/api/get-product/route")).GET(getRequest("/api/get-product"), noContext)],
    ["GET /api/search-product", async () => (await import("@/app/api/search-product/route")).GET(getRequest("/api/search-product?q=phone"), noContext)],
    ["POST /api/signup", async () => (await import("@/app/api/signup/route")).POST(jsonRequest("/api/signup", { name: "A", email: "down@example.com", contact: "", password: "Volt-test-pass-9", confirmPwd: "Volt-test-pass-9", profilepic: "" }), noContext)],
    ["POST /api/send-otp", async () => (await import("@/app/api/send-otp/route")).POST(jsonRequest("/api/send-otp", { email: "down@example.com" }), noContext)],
  ])("%s answers 503 with a message and Retry-After, within 2 s", async (_name, call) => {
    const started = performance.now();
    const response = await call();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ success: false, error: true, message: DATABASE_UNAVAILABLE_MESSAGE });
  });
});

describe("the probes with the database down", () => {
  it("GET /api/health still answers 200; GET /api/ready answers 503 saying the database does not answer", async () => {
    const health = await (await import("@/app/api/health/route")).GET();
    expect(health.status).toBe(200);
    const ready = await (await import("@/app/api/ready/route")).GET();
    expect(ready.status).toBe(503);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    const body = await ready.json();
    expect(body).toMatchObject({ success: false, error: true, data: { ready: false, checks: { database: "down" } } });
    expect(body.message).toContain("the database does not answer");
  });
});

describe("isDatabaseUnavailable", () => {
  it("knows a lost database however it is wrapped, and nothing else", () => {
    expect(isDatabaseUnavailable({ name: "PrismaClientKnownRequestError", code: "P2010", meta: { driverAdapterError: { cause: { kind: "DatabaseNotReachable" } } } })).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: { originalCode: "57P01" } }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable({ code: "P2002" })).toBe(false);
    expect(isDatabaseUnavailable(new Error("new row violates check constraint", { cause: { originalCode: "23514" } }))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
