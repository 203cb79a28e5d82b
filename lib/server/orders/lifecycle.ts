import "server-only";
import { Prisma, type Order, type OrderStatus } from "@/lib/generated/prisma/client";
import { carrierTrackingUrl, ORDER_STATUS_LABELS } from "@/lib/orders/order-lifecycle";
import { db } from "../platform/db";
import { conflict, notFound } from "../platform/http";
import { isRowId } from "../catalog/catalog";
import { mailOrderSteps } from "./step-email";
import { afterResponse } from "../platform/after-response";
import { queueInvoice } from "../billing/invoices";

// An order's life after payment (see lib/orders/order-lifecycle.ts for the states). Every change is one
// conditional UPDATE on the current state, in a transaction with the event that records it
// (OrderEvent: the timeline): when two people act at once (two admins, a shopper cancelling
// while an admin ships), exactly one UPDATE matches and the other is told, with a 409, what
// happened instead. Cancellation and refunds (through Stripe's Refunds API) build on this.

export const ORDER_NOT_FOUND = "Order not found";

/** Who acts: an admin or a shopper (their account), Stripe (a webhook), or the store itself. */
export type Actor = { kind: "admin" | "shopper" | "stripe" | "store"; userId?: string | null };

type Change = {
  /** The states the order may be in for this change. */
  from: readonly OrderStatus[];
  /** More the order must match (a cash-on-delivery order confirmed before it ships). */
  also?: Prisma.OrderWhereInput;
  to: OrderStatus;
  /** Columns set with the state. */
  set?: Prisma.OrderUpdateManyMutationInput;
  event: { type: string; data?: Prisma.InputJsonObject; note?: string | null };
  /** Why the change cannot happen to an order in `current` (the 409's message). */
  refusal: (current: Order) => string;
};

/**
 * Moves one order from one of `change.from` to `change.to`, recording the event, or refuses
 * (404 unknown order, or a shopper's order that is not theirs; 409 with `refusal` for an order in
 * another state). `then` runs in the same transaction, after the move (a cancellation's refund).
 */
export async function move<T = undefined>(
  orderId: string,
  actor: Actor,
  change: Change,
  then?: (tx: Prisma.TransactionClient, moved: Order) => Promise<T>,
): Promise<{ order: Order; then: T | undefined }> {
  if (!isRowId(orderId)) throw notFound(ORDER_NOT_FOUND);
  // A shopper acts only on their own orders: another's is as absent as one that does not exist.
  const scope: Prisma.OrderWhereInput = actor.kind === "shopper" ? { id: orderId, userId: actor.userId ?? "" } : { id: orderId };
  const result = await db.$transaction(async (tx) => {
    const [moved] = await tx.order.updateManyAndReturn({
      where: { ...scope, status: { in: [...change.from] }, ...(change.also ? { AND: [change.also] } : {}) },
      data: { ...change.set, status: change.to },
    });
    if (!moved) {
      const current = await tx.order.findFirst({ where: scope });
      if (!current) throw notFound(ORDER_NOT_FOUND);
      throw conflict(change.refusal(current));
    }
    await tx.orderEvent.create({
      data: { orderId, type: change.event.type, actor: actor.kind, actorId: actor.userId ?? null, data: change.event.data ?? {}, note: change.event.note ?? null },
    });
    return { order: moved, then: then ? await then(tx, moved) : undefined };
  });
  mailOrderSteps(orderId);
  return result;
}

/** "This order is cancelled." and the like: the state an action met instead of the one it needs. */
function isNow(order: Order): string {
  if (order.status === "SHIPPED") {
    const parcel = [order.carrier, order.trackingNumber].filter(Boolean).join(" ");
    return `This order was already shipped${parcel ? ` (${parcel})` : ""}.`;
  }
  return `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}.`;
}

export type Shipment = { carrier: string; trackingNumber: string; trackingUrl?: string | null; note?: string | null };

export const COD_NOT_CONFIRMED_MESSAGE = "This cash-on-delivery order is not confirmed yet: call the shopper, confirm it, then ship it.";

/**
 * Paid → shipped, with the carrier and tracking; a cash-on-delivery order placed → shipped once
 * confirmed, and its tax invoice is issued now (the goods leave now). Nothing ships after a
 * cancellation or refund. Without a typed link, a listed carrier's parcel gets its tracking page
 * built from the number (CARRIER_TRACKING in lib/orders/order-lifecycle.ts); another carrier's has none.
 */
export async function shipOrder(orderId: string, actor: Actor, shipment: Shipment, now = new Date()): Promise<Order> {
  const trackingUrl = shipment.trackingUrl || carrierTrackingUrl(shipment.carrier, shipment.trackingNumber);
  const { order } = await move(
    orderId,
    actor,
    {
      from: ["PAID", "PLACED"],
      also: { OR: [{ paymentMethod: "card" }, { codConfirmedAt: { not: null } }] },
      to: "SHIPPED",
      set: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingUrl, shippedAt: now },
      event: { type: "shipped", data: { carrier: shipment.carrier, trackingNumber: shipment.trackingNumber, trackingUrl }, note: shipment.note },
      refusal: (order) => (order.status === "PLACED" && !order.codConfirmedAt ? COD_NOT_CONFIRMED_MESSAGE : `${isNow(order)} It cannot be marked shipped.`),
    },
    async (tx, moved) => {
      if (moved.paymentMethod === "cod") await tx.order.update({ where: { id: moved.id }, data: { invoiceDue: true } });
      return moved.paymentMethod === "cod";
    },
  );
  // In a transaction of its own, as for a paid order (retried by the minute round).
  if (order.paymentMethod === "cod") afterResponse("invoice", () => queueInvoice(order.id));
  return order;
}

/** Shipped → delivered. Nothing is delivered before it ships. */
export async function markDelivered(orderId: string, actor: Actor, now = new Date(), note?: string | null): Promise<Order> {
  const { order } = await move(orderId, actor, {
    from: ["SHIPPED"],
    to: "DELIVERED",
    set: { deliveredAt: now },
    event: { type: "delivered", note },
    refusal: (order) => (order.status === "PAID" ? "This order has not shipped yet: mark it shipped first." : `${isNow(order)} It cannot be marked delivered.`),
  });
  return order;
}

/** The order's timeline, oldest first. */
export async function orderTimeline(orderId: string): Promise<{ type: string; actor: string; data: Prisma.JsonValue; note: string | null; at: string }[]> {
  const events = await db.orderEvent.findMany({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  return events.map((event) => ({ type: event.type, actor: event.actor, data: event.data, note: event.note, at: event.createdAt.toISOString() }));
}
