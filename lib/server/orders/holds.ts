import "server-only";
import { HOLD_BREAK_MINUTES, HOLD_RUN_MAX_MINUTES, HOLD_UNITS_PER_PRODUCT_MAX, HOLD_UNITS_TOTAL_MAX, LOW_STOCK_THRESHOLD, STOCK_MAX } from "@/lib/constants";
import type { Prisma } from "@/lib/generated/prisma/client";
import { catalogChanged } from "../catalog/cache";
import { noLongerSold, notEnoughStock } from "../catalog/stock";
import { CATALOG_CHANNEL, catalogMessage, instanceId } from "../platform/catalog-broadcast";
import { db } from "../platform/db";
import { badRequest, conflict } from "../platform/http";
import type { CheckoutLine } from "./types";
import { log } from "../platform/log";

// Stock that never oversells (docs/ENGINEERING.md §10a). A checkout holds its units from the moment
// its row is written until it is paid (a sale) or ends unpaid (a release):
//   Product.stock   units on hand          Product.held   units held by open checkouts
//   available = stock − held               CHECK 0 <= held <= stock, 0 <= stock
// Every change is a conditional UPDATE of one product row, rows taken in id order (no deadlock);
// each move of a checkout is a conditional UPDATE of its row, so one arriving twice is made once.

type Tx = Prisma.TransactionClient;

/** Quantities per product id, in the fixed order every transaction takes product rows in (by id). */
export function inProductOrder(quantities: Map<string, number>): [productId: string, quantity: number][] {
  return [...quantities].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Quantities per product, in the fixed order every transaction takes product rows in. */
function perProduct(lines: Pick<CheckoutLine, "productId" | "quantity">[], sign = 1): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + sign * line.quantity);
  return new Map(inProductOrder(totals));
}

/**
 * Whether a change of `available` from `before` to `after` shows on a shopper's screen ("Only N
 * left", "Out of stock"): the catalogue's cached pages are refreshed for those only.
 */
function visible(before: number, after: number): boolean {
  return before !== after && Math.min(before, after) < LOW_STOCK_THRESHOLD;
}

/** Tells every instance (with the transaction's commit) that availability changed on screen. */
async function announce(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${catalogMessage(instanceId())})`;
}

/**
 * After the commit: this instance refreshes its own catalogue at once (the others, and under
 * `npm start` this one too, hear the NOTIFY). Next refuses a revalidation while a page renders
 * (the success page may fulfil an order): that refresh is then left to the NOTIFY, or on hosts
 * without the listener to the webhook's own fulfilment and the catalogue's hourly revalidation.
 */
export function afterStockChange(changed: boolean): void {
  if (!changed) return;
  try {
    catalogChanged();
  } catch (error) {
    log.warn({ err: error }, "holds: availability changed; the catalogue refresh is left to its broadcast");
  }
}

/**
 * Moves held units by `delta` per product in one pass, in id order: a positive delta takes units
 * (only when that many are available and the product is on sale: else the whole transaction is
 * refused with a 409 naming the product and how many are left), a negative one gives them back.
 * Used by a new checkout (its own lines, less those of the open checkout it replaces).
 * Returns whether a shopper-visible availability changed (see afterStockChange).
 */
export async function moveHolds(tx: Tx, delta: Map<string, number>, names: Map<string, string>, fromCart = true): Promise<boolean> {
  let changed = false;
  for (const [productId, quantity] of inProductOrder(delta)) {
    if (quantity === 0) continue;
    if (quantity > 0) {
      const rows = await tx.$queryRaw<{ available: number }[]>`
        UPDATE "Product" SET "held" = "held" + ${quantity}
        WHERE "id" = ${productId}::uuid AND "archivedAt" IS NULL AND "stock" - "held" >= ${quantity}
        RETURNING "stock" - "held" AS "available"`;
      if (rows.length === 0) await refuseShort(tx, productId, names, fromCart);
      changed ||= visible(rows[0]!.available + quantity, rows[0]!.available);
    } else {
      const rows = await tx.$queryRaw<{ available: number; given: number }[]>`
        WITH before AS (SELECT "id", "held" FROM "Product" WHERE "id" = ${productId}::uuid FOR NO KEY UPDATE)
        UPDATE "Product" p SET "held" = GREATEST(p."held" + ${quantity}, 0)
        FROM before WHERE p."id" = before."id"
        RETURNING p."stock" - p."held" AS "available", before."held" - p."held" AS "given"`;
      if (rows[0]) changed ||= visible(rows[0].available - rows[0].given, rows[0].available);
    }
  }
  if (changed) await announce(tx);
  return changed;
}

/** The 409 for a product without the units asked for (read under the row lock the UPDATE would have taken: what is left right now). */
async function refuseShort(tx: Tx, productId: string, names: Map<string, string>, fromCart: boolean): Promise<never> {
  const [product] = await tx.$queryRaw<{ productName: string; available: number; archived: boolean }[]>`
    SELECT "productName", GREATEST("stock" - "held", 0) AS "available", "archivedAt" IS NOT NULL AS "archived"
    FROM "Product" WHERE "id" = ${productId}::uuid`;
  const name = product?.productName ?? names.get(productId) ?? "A product";
  // A Buy Now's refusal says nothing of the cart (`fromCart` false).
  if (!product || product.archived) throw noLongerSold(name, fromCart);
  throw notEnoughStock(name, product.available, fromCart);
}

/**
 * A sale with no hold before it (cash on delivery: the order is made at once): the units leave
 * stock now, only when that many are available (stock less held) and the product is on sale, else
 * the whole transaction is refused with the 409 a checkout gets. Called last in its transaction, so
 * a product's row (hot in a rush for one product) is locked only for the commit.
 */
export async function takeUnitsNow(tx: Tx, lines: Pick<CheckoutLine, "productId" | "quantity" | "name">[], fromCart: boolean): Promise<boolean> {
  const names = new Map(lines.map((line) => [line.productId, line.name]));
  let changed = false;
  for (const [productId, quantity] of perProduct(lines)) {
    const rows = await tx.$queryRaw<{ available: number }[]>`
      UPDATE "Product" SET "stock" = "stock" - ${quantity}, "unitsSold" = "unitsSold" + ${quantity}
      WHERE "id" = ${productId}::uuid AND "archivedAt" IS NULL AND "stock" - "held" >= ${quantity}
      RETURNING "stock" - "held" AS "available"`;
    if (rows.length === 0) await refuseShort(tx, productId, names, fromCart);
    changed ||= visible(rows[0]!.available + quantity, rows[0]!.available);
  }
  if (changed) await announce(tx);
  return changed;
}

/** The holds a new checkout takes: its lines per product (positive deltas). */
export function holdsOf(lines: Pick<CheckoutLine, "productId" | "quantity">[]): Map<string, number> {
  return perProduct(lines);
}

// What one account may keep from the others (docs/ARCHITECTURE.md, "Stock, holds and Buy Now"). A free
// account could otherwise hold every unit of a product, and keep them by checking out again
// before each hold ends (the new checkout takes the units its predecessor gives back, in the same
// transaction). So: at most HOLD_UNITS_PER_PRODUCT_MAX of a product and HOLD_UNITS_TOTAL_MAX in
// all at once, and a product held back to back (each checkout started while the last still held
// it, or within HOLD_BREAK_MINUTES of its end) for at most HOLD_RUN_MAX_MINUTES: then the account
// must let HOLD_BREAK_MINUTES pass without holding it, and others get the units meanwhile.

const MINUTE = 60_000;

export const tooManyOfProduct = (name: string) =>
  badRequest(`You can check out at most ${HOLD_UNITS_PER_PRODUCT_MAX} of ${name} at a time. Lower the quantity to check out.`);
export const TOO_MANY_UNITS_MESSAGE = `You can check out at most ${HOLD_UNITS_TOTAL_MAX} units at a time. Split your order into smaller ones.`;
export const heldTooLong = (name: string) =>
  conflict(
    `${name} has been in your checkouts for ${HOLD_RUN_MAX_MINUTES} minutes: other shoppers get a turn. You can check it out again ${HOLD_BREAK_MINUTES} minutes after your last checkout of it ends.`,
  );

/**
 * Inside a new checkout's transaction, under the account's checkout lock, after the checkouts it
 * replaces were released (with `releasedAt` now): refuses what would pass the account's limits,
 * and answers since when the account has held each of the new lines' products (the new row's
 * `heldSince`, from which later checkouts count their run).
 */
export async function checkHoldLimits(tx: Tx, userId: string, lines: Pick<CheckoutLine, "productId" | "quantity" | "name">[], now: Date): Promise<Record<string, string>> {
  const wanted = perProduct(lines);
  const names = new Map(lines.map((line) => [line.productId, line.name]));
  // The account's checkouts still holding (one being paid right now), and those whose hold ended
  // less than a break ago (the ones just replaced among them).
  const recent = await tx.checkout.findMany({
    where: { userId, OR: [{ holdState: "HELD" }, { holdState: "RELEASED", releasedAt: { gt: new Date(now.getTime() - HOLD_BREAK_MINUTES * MINUTE) } }] },
    select: { holdState: true, lines: true, heldSince: true, createdAt: true },
  });
  // The account's cash-on-delivery orders not yet shipped keep their units from the others as an
  // unpaid checkout does: they count in the bounds; those not yet confirmed also in the runs.
  const codOrders = await tx.order.findMany({
    where: { userId, paymentMethod: "cod", status: "PLACED" },
    select: { createdAt: true, codConfirmedAt: true, items: { select: { productId: true, quantity: true } } },
  });
  const codRows = codOrders.map((order) => ({
    holdState: "HELD" as const,
    lines: order.items.flatMap((item) => (item.productId ? [{ productId: item.productId, quantity: item.quantity }] : [])),
    heldSince: {},
    createdAt: order.createdAt,
    inRun: order.codConfirmedAt === null,
  }));
  const held = new Map(wanted);
  for (const row of [...recent, ...codRows]) {
    if (row.holdState !== "HELD") continue;
    for (const [productId, quantity] of perProduct(row.lines as CheckoutLine[])) held.set(productId, (held.get(productId) ?? 0) + quantity);
  }
  for (const [productId, quantity] of held) {
    if (quantity > HOLD_UNITS_PER_PRODUCT_MAX && wanted.has(productId)) throw tooManyOfProduct(names.get(productId) ?? "a product");
  }
  if ([...held.values()].reduce((sum, quantity) => sum + quantity, 0) > HOLD_UNITS_TOTAL_MAX) throw badRequest(TOO_MANY_UNITS_MESSAGE);
  const heldSince: Record<string, string> = {};
  for (const productId of wanted.keys()) {
    let since = now.getTime();
    for (const row of [...recent, ...codRows.filter((order) => order.inRun)]) {
      if (!(row.lines as CheckoutLine[]).some((line) => line.productId === productId)) continue;
      const started = (row.heldSince as Record<string, string>)[productId];
      since = Math.min(since, started ? Date.parse(started) : row.createdAt.getTime());
    }
    if (now.getTime() - since >= HOLD_RUN_MAX_MINUTES * MINUTE) throw heldTooLong(names.get(productId) ?? "A product");
    heldSince[productId] = new Date(since).toISOString();
  }
  return heldSince;
}

/** Adds the release of `lines` (negative deltas) to `delta`. */
export function withRelease(delta: Map<string, number>, lines: Pick<CheckoutLine, "productId" | "quantity">[]): Map<string, number> {
  const merged = new Map(delta);
  for (const [productId, quantity] of perProduct(lines, -1)) merged.set(productId, (merged.get(productId) ?? 0) + quantity);
  return merged;
}

/**
 * Gives a checkout's units back, once: the checkout moves HELD → RELEASED (a conditional UPDATE;
 * a checkout already released or sold changes nothing). Returns whether this call released it.
 */
export async function releaseHolds(checkoutId: string, extra: Prisma.CheckoutUpdateManyMutationInput = {}): Promise<boolean> {
  let changed = false;
  const released = await db.$transaction(async (tx) => {
    const rows = await tx.checkout.updateManyAndReturn({ where: { id: checkoutId, holdState: "HELD" }, data: { holdState: "RELEASED", releasedAt: new Date(), ...extra }, select: { lines: true } });
    if (rows.length === 0) return false;
    changed = await moveHolds(tx, withRelease(new Map(), rows[0]!.lines as CheckoutLine[]), new Map());
    return true;
  });
  afterStockChange(changed);
  return released;
}

/** An order's units back in stock, every line whose product still exists (a COD order cancelled, or its parcel back). */
export async function restockOrder(tx: Tx, orderId: string): Promise<boolean> {
  const items = await tx.orderItem.findMany({ where: { orderId, productId: { not: null } }, select: { productId: true, quantity: true } });
  const units = new Map<string, number>();
  for (const item of items) units.set(item.productId!, (units.get(item.productId!) ?? 0) + item.quantity);
  return restockUnits(tx, units);
}

/**
 * Puts units back on sale (a cancelled cash-on-delivery order, a parcel back from the courier, a
 * refund that restocks), in product-id order (the stock rules' fixed order), never past the
 * admin's bound; tells every instance with the commit. Answers whether anything went back.
 */
export async function restockUnits(tx: Tx, units: Map<string, number>): Promise<boolean> {
  let changed = false;
  for (const [productId, quantity] of inProductOrder(units)) {
    if (quantity <= 0) continue;
    // Units back from a cancelled or returned sale are no longer sold (the popularity order).
    changed = (await tx.$executeRaw`UPDATE "Product" SET "stock" = LEAST("stock" + ${quantity}, ${STOCK_MAX}), "unitsSold" = GREATEST("unitsSold" - ${quantity}, 0) WHERE "id" = ${productId}::uuid`) > 0 || changed;
  }
  if (changed) await announce(tx);
  return changed;
}

/** One line the sale could not take from stock: paid for after its hold was released, and gone. */
export type Shortfall = { productId: string; name: string; wanted: number; taken: number };

/**
 * Inside fulfilment's transaction (the checkout row locked): the units leave stock, once.
 * HELD: stock and held both drop by the lines. RELEASED (a payment that came after its hold was
 * given back): each product gives what is available, up to the line; whatever it lacks is a
 * shortfall, and the order is flagged. SOLD: nothing (sold before).
 */
export async function sellHolds(tx: Tx, checkout: { id: string; holdState: string }, lines: CheckoutLine[]): Promise<{ shortfalls: Shortfall[]; changed: boolean }> {
  if (checkout.holdState === "SOLD") return { shortfalls: [], changed: false };
  const moved = await tx.checkout.updateMany({ where: { id: checkout.id, holdState: checkout.holdState as "HELD" | "RELEASED" }, data: { holdState: "SOLD" } });
  if (moved.count === 0) return { shortfalls: [], changed: false };
  const names = new Map(lines.map((line) => [line.productId, line.name]));
  const shortfalls: Shortfall[] = [];
  let changed = false;
  for (const [productId, wanted] of perProduct(lines)) {
    if (checkout.holdState === "HELD") {
      const rows = await tx.$queryRaw<{ available: number }[]>`
        UPDATE "Product" SET "stock" = "stock" - ${wanted}, "held" = "held" - ${wanted}, "unitsSold" = "unitsSold" + ${wanted}
        WHERE "id" = ${productId}::uuid AND "held" >= ${wanted}
        RETURNING "stock" - "held" AS "available"`;
      if (rows.length > 0) continue; // available is unchanged by a sale of held units
      // Never expected (held moves only with a checkout's state): taken as a late sale below, and said.
      log.error({ checkoutId: checkout.id, productId, wanted }, "holds: the product holds fewer units than the sale expected");
    }
    const rows = await tx.$queryRaw<{ taken: number; available: number }[]>`
      WITH before AS (SELECT "id", GREATEST("stock" - "held", 0) AS "available" FROM "Product" WHERE "id" = ${productId}::uuid FOR NO KEY UPDATE)
      UPDATE "Product" p SET "stock" = p."stock" - LEAST(${wanted}, before."available"), "unitsSold" = p."unitsSold" + LEAST(${wanted}, before."available")
      FROM before WHERE p."id" = before."id"
      RETURNING LEAST(${wanted}, before."available") AS "taken", p."stock" - p."held" AS "available"`;
    const taken = rows[0]?.taken ?? 0;
    if (rows[0]) changed ||= visible(rows[0].available + taken, rows[0].available);
    // A product deleted since has no stock to take from; the order keeps its line all the same.
    if (rows[0] && taken < wanted) shortfalls.push({ productId, name: names.get(productId) ?? "A product", wanted, taken });
  }
  if (changed) await announce(tx);
  return { shortfalls, changed };
}

/** The owner's words for a shortfall, kept on the order. */
export function shortfallNote(shortfalls: Shortfall[]): string {
  return shortfalls
    .map((s) => `${s.wanted - s.taken} × ${s.name} could not be taken from stock (paid after its hold was released; ${s.taken} of ${s.wanted} were left).`)
    .join(" ")
    .slice(0, 1000);
}

/** How long after a checkout's expiry the sweep gives its units back (clocks differ a little). */
const SWEEP_GRACE_MS = 60_000;

/**
 * Decides, for one checkout past its expiry, whether its units go back (true) or stay (false:
 * it was paid and is sold now, or the payment provider could not be asked and the next round
 * asks again). orders.ts gives the one that asks Stripe.
 */
export type SettleExpired = (checkout: { id: string; stripeSessionId: string | null }) => Promise<boolean>;

/**
 * Releases the holds past their checkout's expiry, whether or not Stripe's `expired` event ever
 * arrives; `settle` first finds out what became of each session (see SettleExpired). Returns how
 * many checkouts it released.
 */
export async function sweepExpiredHolds(settle: SettleExpired, now = new Date(), limit = 200): Promise<number> {
  const due = await db.checkout.findMany({
    where: { holdState: "HELD", expiresAt: { lt: new Date(now.getTime() - SWEEP_GRACE_MS) } },
    select: { id: true, stripeSessionId: true },
    orderBy: { expiresAt: "asc" },
    take: limit,
  });
  let released = 0;
  for (const checkout of due) {
    if (!(await settle(checkout))) continue;
    if (await releaseHolds(checkout.id, { releasedAt: now })) released += 1;
  }
  return released;
}
