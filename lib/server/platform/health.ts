import "server-only";
import { NextResponse } from "next/server";
import { db } from "./db";
import { sharedRead } from "./shared-read";

// Whether this instance is alive (GET /api/health) and ready for traffic (GET /api/ready), for a
// load balancer or an orchestrator's probes. Both are cheap: on `npm start` the front door calls
// their handlers itself (direct routes: no Next render), they take no limits and are never cached.
// Ready means the database answers and, under `npm start`, the catalogue broadcast's listener is
// connected (without it this instance could serve stale pages) and the instance is not stopping.
// server/serve.ts reports the listener and the drain here; on hosts without it (Vercel) only the
// database is checked.

export type BroadcastState = "connected" | "disconnected";
type Reported = { broadcast: BroadcastState | null; draining: boolean };

// On globalThis: serve.ts's bundle and the route handlers may hold two copies of this module.
const KEY = Symbol.for("volt.readiness");
const store = globalThis as unknown as { [KEY]?: Reported };
function reported(): Reported {
  return (store[KEY] ??= { broadcast: null, draining: false });
}

/** serve.ts: the listener's state, and the drain on SIGTERM. */
export function reportReadiness(patch: Partial<Reported>): void {
  Object.assign(reported(), patch);
}

/** A database that does not answer within this is taken to be down. */
const DATABASE_TIMEOUT_MS = 2000;
/** Probes that arrive together share one query for this long. */
const DATABASE_CHECK_TTL_MS = 1000;
/** Whether the database answers: one query for the probes that arrive together, never two at once. */
const databaseAnswers = sharedRead(() => db.$queryRaw`SELECT 1`.then(() => true), { freshMs: DATABASE_CHECK_TTL_MS, timeoutMs: DATABASE_TIMEOUT_MS, fallback: false });

export type Readiness = {
  ready: boolean;
  checks: { database: "ok" | "down"; broadcast: BroadcastState | "not used"; draining: boolean };
  /** Why not ready, in words; null when ready. */
  reason: string | null;
};

export async function readiness(): Promise<Readiness> {
  const { broadcast, draining } = reported();
  const database = (await databaseAnswers()) ? "ok" : "down";
  const reasons = [
    database === "down" ? "the database does not answer" : null,
    broadcast === "disconnected" ? "the catalogue broadcast listener is not connected" : null,
    draining ? "this instance is stopping" : null,
  ].filter((reason): reason is string => reason !== null);
  return { ready: reasons.length === 0, checks: { database, broadcast: broadcast ?? "not used", draining }, reason: reasons.length ? `Not ready: ${reasons.join("; ")}.` : null };
}

const NEVER_CACHED = { "Cache-Control": "no-store" };

/** GET /api/health's answer: alive, with how long for. */
export function healthAnswer(): NextResponse {
  return NextResponse.json({ success: true, error: false, message: "OK", data: { status: "ok", uptimeSeconds: Math.round(process.uptime()) } }, { headers: NEVER_CACHED });
}

/** GET /api/ready's answer: 200 when ready, else 503 with the reason. */
export async function readyAnswer(): Promise<NextResponse> {
  const state = await readiness();
  return NextResponse.json(
    { success: state.ready, error: !state.ready, message: state.reason ?? "Ready", data: state },
    { status: state.ready ? 200 : 503, headers: state.ready ? NEVER_CACHED : { ...NEVER_CACHED, "Retry-After": "5" } },
  );
}
