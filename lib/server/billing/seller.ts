import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { EMPTY_SELLER, missingSellerFields, SELLER_FIELD_LABELS, type SellerDetails } from "@/lib/billing/seller";
import { db } from "../platform/db";

// The seller's details: one row (id 1), every change kept with who made it and when. A store
// with no row yet has none (its admin pages say what is missing; no invoice is issued).

type Tx = Prisma.TransactionClient;

const FIELDS = Object.keys(SELLER_FIELD_LABELS) as (keyof SellerDetails)[];

function detailsOf(row: Partial<SellerDetails> | null): SellerDetails {
  const details = { ...EMPTY_SELLER };
  if (row) for (const field of FIELDS) (details as Record<string, unknown>)[field] = row[field] ?? EMPTY_SELLER[field];
  return details;
}

/** The seller's details as saved, and what is still missing before invoices can be issued. */
export async function readSeller(client: Tx | typeof db = db): Promise<{ details: SellerDetails; missing: string[]; updatedAt: Date | null }> {
  const row = await client.sellerSettings.findUnique({ where: { id: 1 } });
  const details = detailsOf(row);
  return { details, missing: missingSellerFields(details), updatedAt: row?.updatedAt ?? null };
}

/**
 * Saves the seller's details (checked by sellerSettingsSchema) and records what changed, by whom,
 * in the same transaction; a save that changes nothing records nothing.
 */
export async function saveSeller(details: SellerDetails, changedBy: string | null): Promise<{ details: SellerDetails; missing: string[]; changed: string[] }> {
  return db.$transaction(async (tx) => {
    // The row is locked while it is compared, so two admins saving at once each record their own change.
    await tx.$executeRaw`INSERT INTO "SellerSettings" ("id", "updatedAt") VALUES (1, now()) ON CONFLICT ("id") DO NOTHING`;
    await tx.$queryRaw`SELECT 1 FROM "SellerSettings" WHERE "id" = 1 FOR UPDATE`;
    const before = (await readSeller(tx)).details;
    const changes: Record<string, [string | null, string | null]> = {};
    for (const field of FIELDS) if (before[field] !== details[field]) changes[field] = [before[field], details[field]];
    const changed = Object.keys(changes);
    if (changed.length > 0) {
      await tx.sellerSettings.update({ where: { id: 1 }, data: { ...details, updatedBy: changedBy } });
      await tx.sellerSettingsChange.create({ data: { changedBy, changes } });
    }
    return { details, missing: missingSellerFields(details), changed };
  });
}

/** The last changes to the seller's details, newest first, with the name of the admin who made each (null once deleted). */
export async function sellerChanges(limit = 20): Promise<{ changedAt: Date; changedBy: string | null; changedByName: string | null; changes: Record<string, [unknown, unknown]> }[]> {
  const rows = await db.sellerSettingsChange.findMany({ orderBy: { changedAt: "desc" }, take: limit });
  const ids = [...new Set(rows.flatMap((row) => (row.changedBy ? [row.changedBy] : [])))];
  const names = new Map((ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } }) : []).map((user) => [user.id, user.name]));
  return rows.map((row) => ({ changedAt: row.changedAt, changedBy: row.changedBy, changedByName: row.changedBy ? (names.get(row.changedBy) ?? null) : null, changes: row.changes as Record<string, [unknown, unknown]> }));
}
