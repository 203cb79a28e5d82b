import "server-only";
import { createHash } from "node:crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { absoluteUrl, myOrdersUrl, wishlistUrl } from "@/lib/site-url";
import { unsubscribeHeaders, unsubscribeUrl } from "../accounts/unsubscribe";
import { afterResponse } from "../platform/after-response";
import { db } from "../platform/db";
import { log } from "../platform/log";
import { MAIL_BATCH_MAX, sendMailBatch, type MailWithHeaders } from "../providers/mail";
import { alertDigestEmail, type AlertLine } from "./mails/alert-mail";

// The wishlist alerts' sender (docs/PRODUCT.md §3.6a): a shopper hears, at most once a day, of
// every product on their wishlist whose selling price fell below the one they last heard of (or
// saw when they set the alert), or that came back into stock after they last heard; never of an
// archived product. One mail per shopper (a digest), sent in batches of 100 through Resend's batch
// endpoint, paced to its rate limit (lib/server/providers/mail.ts).
//
// Where to look: a trigger on "Product" sets "alertsDueAt" on a price drop or a restock (migration
// 20261127205002); this reads the watchers of those products once, then for each chunk of 100
// shoppers: claims them (a conditional UPDATE of "alertsClaimedAt", so several instances never
// mail one shopper twice), reads and renders their digests, sends one batch (its idempotency key
// makes a retried batch send nothing twice), then marks them mailed and moves their baselines to
// what the mail said. A product's mark is cleared only when nothing is due for it any more, and
// only if no new drop set it meanwhile; shoppers within their day set it to when the first of them
// may hear again. Between chunks the event loop is given back, so the store's own answers wait for none of it.

/** At most one digest per shopper in this long. */
export const ALERT_INTERVAL_MS = 24 * 3600 * 1000;
/** A claim older than this is a sender that died: the shopper may be claimed again. */
const CLAIM_MS = 10 * 60_000;
/** Due products looked at in one run (the next run takes the rest). */
const PRODUCTS_PER_RUN = 200;
/** Batches refused in a row that end a run. */
const MAX_FAILED_BATCHES = 3;

/** A wishlist row whose alert is due, from the product's state now (aliases w and p). */
const DUE = Prisma.sql`p."archivedAt" IS NULL AND (
  (w."priceAlert" AND w."priceBaseline" IS NOT NULL AND p."sellingPrice" < w."priceBaseline")
  OR (w."stockAlert" AND p."restockedAt" IS NOT NULL AND (w."stockSince" IS NULL OR p."restockedAt" > w."stockSince") AND p."stock" - p."held" > 0))`;

export type AlertRun = {
  /** Digests sent (one per shopper). */
  mailed: number;
  /** Calls to the batch endpoint. */
  batches: number;
  /** Products whose mark was cleared, or moved to when the first watcher in their day may hear. */
  settled: number;
};

type DueRow = {
  id: string;
  userId: string;
  productId: string;
  productName: string;
  sellingPrice: number;
  priceBaseline: number | null;
  priceDue: boolean;
  stockDue: boolean;
};

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sends the digests now due. `now`: the clock (tests move it); `deadline`: claim no new chunk
 * after this instant (a scheduled call with a time limit), leaving the rest for the next run;
 * `chunk`: shoppers per batch (at most 100, Resend's batch size).
 */
async function runDueAlerts(options: { now?: Date; deadline?: number; chunk?: number }): Promise<AlertRun> {
  const now = options.now ?? new Date();
  const chunk = Math.min(options.chunk ?? MAIL_BATCH_MAX, MAIL_BATCH_MAX);
  const dayAgo = new Date(now.getTime() - ALERT_INTERVAL_MS);
  const run: AlertRun = { mailed: 0, batches: 0, settled: 0 };

  const products = await db.$queryRaw<{ id: string; alertsDueAt: Date }[]>`
    SELECT "id", "alertsDueAt" FROM "Product" WHERE "alertsDueAt" IS NOT NULL AND "alertsDueAt" <= ${now}
    ORDER BY "alertsDueAt" LIMIT ${PRODUCTS_PER_RUN}`;
  if (products.length === 0) return run;
  const productIds = products.map((product) => product.id);

  // Everyone with a due alert on these products who may hear now: read once.
  const candidates = await db.$queryRaw<{ userId: string }[]>`
    SELECT DISTINCT w."userId" FROM "WishlistItem" w
    JOIN "Product" p ON p."id" = w."productId"
    JOIN "User" u ON u."id" = w."userId"
    WHERE w."productId" = ANY(${productIds}::uuid[]) AND (w."priceAlert" OR w."stockAlert") AND ${DUE}
      AND (u."alertsMailedAt" IS NULL OR u."alertsMailedAt" <= ${dayAgo})
      AND (u."alertsClaimedAt" IS NULL OR u."alertsClaimedAt" < ${new Date(now.getTime() - CLAIM_MS)})`;
  const userIds = candidates.map((row) => row.userId);

  let finished = true;
  let failedInARow = 0;
  for (let start = 0; start < userIds.length; start += chunk) {
    if (options.deadline !== undefined && Date.now() > options.deadline) {
      finished = false;
      break;
    }
    try {
      run.mailed += await sendChunk(userIds.slice(start, start + chunk), now, dayAgo);
      run.batches += 1;
      failedInARow = 0;
    } catch (error) {
      // One refused batch (its shoppers released for the next run) need not stop the others; the
      // provider refusing several in a row is down or out of quota: the next run tries again.
      failedInARow += 1;
      if (failedInARow >= MAX_FAILED_BATCHES) throw error;
      log.warn({ err: error, task: "wishlist-alerts", shoppers: Math.min(chunk, userIds.length - start) }, "wishlist alerts: a batch failed; its shoppers wait for the next run");
    }
    await yieldToLoop();
  }
  if (finished) run.settled = await settleProducts(products, now, dayAgo);
  return run;
}

/** Claims, renders, sends and marks one chunk of shoppers; answers how many were mailed. */
async function sendChunk(ids: string[], now: Date, dayAgo: Date): Promise<number> {
  // A claim time of its own (ms apart from other chunks') so that releasing or marking touches only this chunk's claims.
  const claimedAt = new Date(Math.max(now.getTime(), Date.now()));
  const claimed = await db.$queryRaw<{ id: string; email: string; name: string; confirmed: boolean }[]>`
    UPDATE "User" SET "alertsClaimedAt" = ${claimedAt}
    WHERE "id" = ANY(${ids}::uuid[])
      AND ("alertsMailedAt" IS NULL OR "alertsMailedAt" <= ${dayAgo})
      AND ("alertsClaimedAt" IS NULL OR "alertsClaimedAt" < ${new Date(now.getTime() - CLAIM_MS)})
    RETURNING "id", "email", "name", "emailConfirmedAt" IS NOT NULL AS "confirmed"`;
  if (claimed.length === 0) return 0;
  const claimedIds = claimed.map((user) => user.id);
  const release = () => db.$executeRaw`UPDATE "User" SET "alertsClaimedAt" = NULL WHERE "id" = ANY(${claimedIds}::uuid[]) AND "alertsClaimedAt" = ${claimedAt}`;
  try {
    // Every due row of theirs, whatever the product (a digest lists everything that changed for them).
    const rows = await db.$queryRaw<(DueRow & { readAt: Date })[]>`
      SELECT w."id", w."userId", w."productId", p."productName", p."sellingPrice", w."priceBaseline", now() AS "readAt",
        (w."priceAlert" AND w."priceBaseline" IS NOT NULL AND p."sellingPrice" < w."priceBaseline") AS "priceDue",
        (w."stockAlert" AND p."restockedAt" IS NOT NULL AND (w."stockSince" IS NULL OR p."restockedAt" > w."stockSince") AND p."stock" - p."held" > 0) AS "stockDue"
      FROM "WishlistItem" w JOIN "Product" p ON p."id" = w."productId"
      WHERE w."userId" = ANY(${claimedIds}::uuid[]) AND (w."priceAlert" OR w."stockAlert") AND ${DUE}
      ORDER BY w."userId", p."productName", w."id"`;
    const byUser = new Map<string, DueRow[]>();
    for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
    const mailed = claimed.filter((user) => byUser.has(user.id));
    const mails: MailWithHeaders[] = [];
    const urls = { wishlistUrl: wishlistUrl(), ordersUrl: myOrdersUrl() };
    for (const user of mailed) {
      const lines: AlertLine[] = byUser.get(user.id)!.map((row) => ({
        name: row.productName,
        url: absoluteUrl(`/product/${row.productId}`),
        priceDrop: row.priceDue,
        backInStock: row.stockDue,
        oldPrice: row.priceDue ? row.priceBaseline : null,
        newPrice: row.sellingPrice,
      }));
      const mail = await alertDigestEmail(user.confirmed ? user.name : "", lines, { ...urls, unsubscribeUrl: unsubscribeUrl(user.id, "alerts") });
      mails.push({ to: user.email, ...mail, headers: unsubscribeHeaders(user.id, "alerts") });
    }
    if (mails.length > 0) {
      const key = createHash("sha256").update(`${claimedAt.toISOString()}:${mailed.map((user) => user.id).join(",")}`).digest("base64url");
      await sendMailBatch(mails, { idempotencyKey: `wishlist-alerts/${key}` });
    }
    // Mailed: the shopper's day starts when the batch went (not when the run began: a long run
    // would otherwise let the next digest come sooner than a day after this one), and each row's
    // baseline becomes what the mail said: its price, and the database's time when it was read
    // (restocks are stamped by the database's clock; a later one is not lost).
    const sentAt = new Date(Math.max(now.getTime(), Date.now()));
    const sentRows = mailed.flatMap((user) => byUser.get(user.id)!);
    const readAt = rows[0]?.readAt ?? claimedAt;
    await db.$transaction([
      db.$executeRaw`UPDATE "WishlistItem" w SET "priceBaseline" = d.price, "stockSince" = ${readAt}
        FROM unnest(${sentRows.map((row) => row.id)}::uuid[], ${sentRows.map((row) => row.sellingPrice)}::int[]) AS d(id, price)
        WHERE w."id" = d.id`,
      db.$executeRaw`UPDATE "User" SET "alertsMailedAt" = ${sentAt}, "alertsClaimedAt" = NULL
        WHERE "id" = ANY(${mailed.map((user) => user.id)}::uuid[]) AND "alertsClaimedAt" = ${claimedAt}`,
    ]);
    // Claimed with nothing due any more (changed since the candidates were read): let go.
    if (mailed.length < claimed.length) await release();
    return mailed.length;
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

/**
 * After a whole run: a product with nothing due is unmarked; one whose due watchers are all
 * within their day is marked for when the first may hear again; one with others due (another
 * sender's claim, a failed batch) stays marked. Each write only if the mark is still the one
 * read at the start, so a drop or restock during the run is not lost.
 */
async function settleProducts(products: readonly { id: string; alertsDueAt: Date }[], now: Date, dayAgo: Date): Promise<number> {
  let settled = 0;
  for (const product of products) {
    const [state] = await db.$queryRaw<{ waiting: Date | null; others: number }[]>`
      SELECT min(u."alertsMailedAt") FILTER (WHERE u."alertsMailedAt" > ${dayAgo}) AS "waiting",
        count(*) FILTER (WHERE u."alertsMailedAt" IS NULL OR u."alertsMailedAt" <= ${dayAgo})::int AS "others"
      FROM "WishlistItem" w JOIN "Product" p ON p."id" = w."productId" JOIN "User" u ON u."id" = w."userId"
      WHERE w."productId" = ${product.id}::uuid AND (w."priceAlert" OR w."stockAlert") AND ${DUE}`;
    if (!state || state.others > 0) continue;
    const next = state.waiting ? new Date(state.waiting.getTime() + ALERT_INTERVAL_MS) : null;
    settled += await db.$executeRaw`UPDATE "Product" SET "alertsDueAt" = ${next} WHERE "id" = ${product.id}::uuid AND "alertsDueAt" = ${product.alertsDueAt}`;
    await yieldToLoop();
  }
  return settled;
}

// One run at a time in this process (other instances are kept apart by the claims).
let running: Promise<AlertRun> | null = null;
let again = false;

/** Sends the alerts due now, after any run of this process already going (see above). */
export async function sendDueAlerts(options: { now?: Date; deadline?: number; chunk?: number } = {}): Promise<AlertRun> {
  while (running) await running.catch(() => undefined);
  const current = runDueAlerts(options);
  running = current;
  try {
    return await current;
  } finally {
    if (running === current) running = null;
  }
}

/**
 * After an admin's price or stock change, and from the once-a-minute timer: a run in the
 * background, after the answer. When one is already going, it runs once more at its end instead.
 */
export function sendDueAlertsSoon(): void {
  if (running) {
    again = true;
    return;
  }
  afterResponse("wishlist-alerts", async () => {
    do {
      again = false;
      const run = await sendDueAlerts();
      if (run.mailed > 0 || run.settled > 0) log.info({ task: "wishlist-alerts", ...run }, "wishlist alerts: sent");
    } while (again);
  });
}
