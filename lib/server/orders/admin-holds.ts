import "server-only";
import type { Checkout } from "@/lib/generated/prisma/client";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/http";
import { endCheckout } from "./checkout";
import type { CheckoutLine, PublicHold } from "./types";

// The admin's view of open holds (docs/ARCHITECTURE.md, "Stock, holds and Buy Now"): which open checkouts hold a
// product, or the products of an order, and a release of one of them, for an account keeping
// units from everyone else.

/** Open holds at most listed at once (a product is held by few checkouts at a time). */
const HOLDS_LIST_MAX = 100;
export const HOLD_ENDED_MESSAGE = "This checkout no longer holds its units: it was paid, expired or released meanwhile.";
export const HOLD_PAID_MESSAGE = "This checkout was paid meanwhile: its units are sold, and its order is in Orders.";
const HOLD_NOT_FOUND = "This checkout does not exist.";

function toPublicHold(row: Checkout): PublicHold {
  const lines = (row.lines as CheckoutLine[]).map((line) => ({ productId: line.productId, name: line.name, quantity: line.quantity }));
  return {
    _id: row.id,
    email: row.customerEmail,
    buyNow: row.buyNow,
    lines,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** The open checkouts holding `productId`, or any product of the order `orderId`, oldest first. */
export async function listOpenHolds(filter: { productId?: string; orderId?: string }): Promise<PublicHold[]> {
  let productIds: string[] = [];
  if (filter.productId !== undefined) {
    if (!isRowId(filter.productId)) return [];
    productIds = [filter.productId];
  } else if (filter.orderId !== undefined) {
    if (!isRowId(filter.orderId)) return [];
    const items = await db.orderItem.findMany({ where: { orderId: filter.orderId }, select: { productId: true } });
    productIds = [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  }
  if (productIds.length === 0) return [];
  const rows = await db.checkout.findMany({
    where: { holdState: "HELD", OR: productIds.map((productId) => ({ lines: { array_contains: [{ productId }] } })) },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: HOLDS_LIST_MAX,
  });
  return rows.map(toPublicHold);
}

/**
 * An admin ends an open checkout's hold: its Stripe session is expired (as the cancel page does)
 * and its units go back, once (HELD → RELEASED). 409 when it moved on: paid, expired or released.
 */
export async function releaseHoldAsAdmin(checkoutId: string): Promise<void> {
  if (!isRowId(checkoutId)) throw notFound(HOLD_NOT_FOUND);
  const checkout = await db.checkout.findUnique({ where: { id: checkoutId } });
  if (!checkout) throw notFound(HOLD_NOT_FOUND);
  const outcome = await endCheckout(checkout);
  if (outcome === "paid") throw conflict(HOLD_PAID_MESSAGE);
  if (outcome === "ended") throw conflict(HOLD_ENDED_MESSAGE);
}
