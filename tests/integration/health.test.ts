// The probes: GET /api/health (alive) and GET /api/ready (the database answers, the catalogue
// broadcast is connected where serve.ts runs one, and the instance is not stopping). The database
// down is in database-down.test.ts; PostgreSQL stopped under two real instances in the resilience suite.
import { afterEach, describe, expect, it } from "vitest";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/ready/route";
import { reportReadiness } from "@/lib/server/platform/health";
import { findApiRoute } from "@/lib/api-routes";

afterEach(() => reportReadiness({ broadcast: null, draining: false }));

describe("GET /api/health", () => {
  it("answers 200 JSON, never cached", async () => {
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.json()).toMatchObject({ success: true, data: { status: "ok", uptimeSeconds: expect.any(Number) } });
  });
});

describe("GET /api/ready", () => {
  it("answers 200 when the database answers (no broadcast where serve.ts is absent)", async () => {
    const answer = await ready();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect((await answer.json()).data).toEqual({ ready: true, checks: { database: "ok", broadcast: "not used", draining: false }, reason: null });
  });

  it("answers 503 with the reason while the broadcast listener is disconnected, and 200 once it reconnects", async () => {
    reportReadiness({ broadcast: "disconnected" });
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("5");
    expect((await down.json()).message).toBe("Not ready: the catalogue broadcast listener is not connected.");
    reportReadiness({ broadcast: "connected" });
    const up = await ready();
    expect(up.status).toBe(200);
    expect((await up.json()).data.checks.broadcast).toBe("connected");
  });

  it("answers 503 while the instance is stopping", async () => {
    reportReadiness({ broadcast: "connected", draining: true });
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect((await answer.json()).message).toBe("Not ready: this instance is stopping.");
  });

  it("both are public GET routes the front door calls itself", () => {
    for (const path of ["/api/health", "/api/ready"]) expect(findApiRoute(path)).toMatchObject({ methods: ["GET"], access: "public", direct: true });
  });
});
