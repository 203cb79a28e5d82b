import "server-only";
import type { OrderGauges } from "../platform/metrics";
import { db } from "../platform/db";
import { sharedRead } from "../platform/shared-read";
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_DAYS } from "./mail-retry";

// What GET /metrics reports from the database (server/serve.ts registers it): confirmation mails
// not yet sent and the units checkouts hold. Both read a few rows through indexes (orders of the
// last MAIL_RETRY_DAYS days by createdAt; checkouts in state HELD), are shared by scrapes that
// come together, kept for a few seconds, and given up after a second: a database that is slow or
// down leaves these gauges out of the scrape (volt_metrics_database_up 0), never the scrape itself.

const TIMEOUT_MS = 1000;
const FRESH_MS = 5000;

async function query(): Promise<OrderGauges> {
  const since = new Date(Date.now() - MAIL_RETRY_DAYS * 86_400_000);
  // Bounded in the database too: a scrape abandoned after TIMEOUT_MS must not keep its pooled
  // connection (behind a lock, a long query would hold it for as long as the lock lasts).
  const [, rows] = await db.$transaction([
    db.$executeRaw`SELECT set_config('statement_timeout', ${String(TIMEOUT_MS)}, true), set_config('lock_timeout', ${String(TIMEOUT_MS)}, true)`,
    db.$queryRaw<{ emails: bigint; holds: bigint; units: bigint | null }[]>`
    SELECT
      (SELECT count(*) FROM "Order" WHERE "createdAt" >= ${since} AND "emailSentAt" IS NULL AND "emailAttempts" < ${MAIL_MAX_ATTEMPTS}) AS emails,
      (SELECT count(*) FROM "Checkout" WHERE "holdState" = 'HELD') AS holds,
      (SELECT sum((line->>'quantity')::int) FROM "Checkout" c, jsonb_array_elements(c."lines") AS line WHERE c."holdState" = 'HELD') AS units`,
  ]);
  const [row] = rows;
  return { emailsWaiting: Number(row?.emails ?? 0), holdsActive: Number(row?.holds ?? 0), unitsHeld: Number(row?.units ?? 0) };
}

/** Mails waiting and units held: shared by scrapes within FRESH_MS, given up after TIMEOUT_MS (null). */
export const readOrderGauges: (now?: number) => Promise<OrderGauges | null> = sharedRead<OrderGauges | null>(query, { freshMs: FRESH_MS, timeoutMs: TIMEOUT_MS, fallback: null });
