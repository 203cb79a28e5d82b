import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { DELIVERY_ZONES, defaultDeliverySettings, deliveryTerms, type DeliverySettings, type DeliveryTerms, type DeliveryZone, type ZoneSettings } from "@/lib/delivery/settings";
import { db } from "../platform/db";
import { CATALOG_CHANNEL, catalogMessage, instanceId } from "../platform/catalog-broadcast";
import { cacheCatalogRead, catalogChanged } from "../catalog/cache";
import { readSeller } from "../billing/seller";

// The delivery settings: one row (id 1) once an admin saves them, else the defaults with the
// seller's city and state. Each save is recorded beside the seller's changes (SellerSettingsChange,
// keys prefixed "delivery."), in the same transaction, with the admin who made it.

type Client = Prisma.TransactionClient | typeof db;

/** The zones in one order of keys and fields (jsonb keeps its own), so saves compare equal. */
function zonesOf(stored: Record<DeliveryZone, ZoneSettings>): Record<DeliveryZone, ZoneSettings> {
  return Object.fromEntries(
    DELIVERY_ZONES.map((zone) => {
      const { transitMin, transitMax, cod, prefixes } = stored[zone];
      return [zone, { transitMin, transitMax, cod, prefixes }];
    }),
  ) as Record<DeliveryZone, ZoneSettings>;
}

function fromRow(row: NonNullable<Awaited<ReturnType<typeof db.deliverySettings.findUnique>>>): DeliverySettings {
  return {
    dispatchCity: row.dispatchCity,
    dispatchState: row.dispatchState,
    cutoffMinutes: row.cutoffMinutes,
    handlingDays: row.handlingDays,
    closedWeekdays: row.closedWeekdays,
    holidays: row.holidays,
    zones: zonesOf(row.zones as Record<DeliveryZone, ZoneSettings>),
    notServed: row.notServed,
    shippingFee: row.shippingFee,
    freeShippingAbove: row.freeShippingAbove,
    codEnabled: row.codEnabled,
    codMaxOrder: row.codMaxOrder,
    codFee: row.codFee,
  };
}

/** The settings in force, and whether an admin has saved them (false: the defaults). */
export async function readDeliverySettings(client: Client = db): Promise<{ settings: DeliverySettings; saved: boolean }> {
  const row = await client.deliverySettings.findUnique({ where: { id: 1 } });
  if (row) return { settings: fromRow(row), saved: true };
  const { details } = await readSeller(client);
  return { settings: defaultDeliverySettings(details), saved: false };
}

/** Saves the settings (checked by deliverySettingsSchema) and records what changed; a save that changes nothing records nothing. */
export async function saveDeliverySettings(settings: DeliverySettings, changedBy: string | null): Promise<{ settings: DeliverySettings; changed: string[] }> {
  return db.$transaction(async (tx) => {
    // Locked while compared, so two admins saving at once each record their own change.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('delivery-settings', 0))`;
    const before = (await readDeliverySettings(tx)).settings;
    const changes: Record<string, [unknown, unknown]> = {};
    for (const key of Object.keys(settings) as (keyof DeliverySettings)[]) {
      if (JSON.stringify(before[key]) !== JSON.stringify(settings[key])) changes[`delivery.${key}`] = [before[key], settings[key]];
    }
    const changed = Object.keys(changes);
    if (changed.length > 0) {
      const data = { ...settings, zones: settings.zones as unknown as Prisma.InputJsonObject, updatedBy: changedBy };
      await tx.deliverySettings.upsert({ where: { id: 1 }, create: { id: 1, ...data }, update: data });
      await tx.sellerSettingsChange.create({ data: { changedBy, changes: changes as Prisma.InputJsonObject } });
      // The product pages state the fee and the days: every instance renders them again.
      await tx.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${catalogMessage(instanceId())})`;
    }
    return { settings, changed };
  }).then((saved) => {
    if (saved.changed.length > 0) catalogChanged();
    return saved;
  });
}

/** The terms the product pages state (cached with the catalogue, refreshed when the settings are saved). */
export async function readDeliveryTerms(): Promise<DeliveryTerms> {
  "use cache";
  cacheCatalogRead();
  return deliveryTerms((await readDeliverySettings()).settings);
}
