import "server-only";
import { formatDate } from "@/lib/shared/dates";
import { Prisma, type Order, type Refund, type ReturnRequest } from "@/lib/generated/prisma/client";
import { ORDER_STATUS_LABELS } from "@/lib/orders/order-lifecycle";
import { returnWindowClosed, returnWindowEnd } from "@/lib/orders/returns-policy";
import { indiaToday } from "@/lib/shared/dates";
import { FAULT_REASONS, RETURN_PICKUP_MAX_DAYS, RETURN_REASON_LABELS, restocksOnReturn, type ReturnReason } from "@/lib/orders/returns";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { badRequest, conflict, HttpError, notFound } from "../platform/http";
import { checkHostedImages, isReturnPhotoUrl } from "../providers/images";
import { ORDER_NOT_FOUND, type Actor } from "./lifecycle";
import { recordRefund, sendRefund, type RefundLine } from "./refunds";
import { mailOrderSteps } from "./step-email";
import type { RefundAccount } from "@/lib/orders/refund-account";

// Return requests (docs/PRODUCT.md §7, additions): a shopper asks to return units of a delivered
// order in its returns window (lib/orders/returns-policy.ts); the admin approves (a pickup date) or
// declines (a reason); Mark received refunds the units through refunds.ts. Each step locks the order
// row, moves the request by a conditional UPDATE on its state (else a 409 saying what happened) and
// records a timeline event, mailed once (step-email.ts). Units asked back never pass bought −
// refunded − other open requests; one open request per order (docs/ENGINEERING.md §10a).

export const RETURN_NOT_FOUND = "Return request not found";
const OPEN = ["REQUESTED", "APPROVED"] as const;
type Tx = Prisma.TransactionClient;
type Items = { id: string; name: string; quantity: number; refundedQuantity: number }[];

/** Locks the order row (the refunds' lock) and reads it with its lines; a shopper's own order only. */
async function lockOrder(tx: Tx, orderId: string, userId?: string): Promise<(Order & { items: Items }) | null> {
  const locked = userId
    ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Order" WHERE "id" = ${orderId}::uuid AND "userId" = ${userId}::uuid FOR UPDATE`
    : await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Order" WHERE "id" = ${orderId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.order.findUnique({ where: { id: orderId }, include: { items: true } });
}

/** "This order is refunded: …": an order that has moved on from delivered. */
function orderMovedOn(order: Order, action: string): string {
  if (order.status === "DELIVERED") return "";
  if (order.status === "REFUNDED") return `This order was refunded in full: ${action}`;
  if (order.status === "CANCELLED") return `This order is cancelled: ${action}`;
  return `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}, not delivered: ${action}`;
}

export type ReturnAsk = { lines: RefundLine[]; reason: ReturnReason; note?: string | null; photos: string[]; refundAccount?: RefundAccount };

export const REFUND_ACCOUNT_NEEDED = "Give the UPI ID or bank account your refund should go to: this order was paid in cash.";

/**
 * The shopper's request for a return of `ask.lines` of their delivered order, inside its window
 * (`now` at most the window's end). 404 for an order not theirs; 409 when it is not delivered (or
 * moved on), its window has closed, a request is open already, or a line has fewer units left.
 */
export async function requestReturn(orderId: string, userId: string, ask: ReturnAsk, now = new Date()): Promise<ReturnRequest> {
  if (!isRowId(orderId)) throw notFound(ORDER_NOT_FOUND);
  const photos = [...new Set(ask.photos)];
  await checkReturnPhotos(photos, userId);
  let request: ReturnRequest;
  try {
    request = await db.$transaction(async (tx) => {
      const order = await lockOrder(tx, orderId, userId);
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const movedOn = orderMovedOn(order, "it cannot be returned.");
      if (movedOn) throw conflict(movedOn);
      // Cash goes back by bank transfer or UPI, which the admin pays and records: to the account given here.
      if (order.paymentMethod === "cod" && !ask.refundAccount) throw new HttpError(400, REFUND_ACCOUNT_NEEDED, undefined, { refundAccount: REFUND_ACCOUNT_NEEDED });
      const ends = returnWindowEnd(order.deliveredAt!);
      if (returnWindowClosed(ends.toISOString(), now)) throw conflict(`The returns window for this order closed on ${formatDate(ends.toISOString())}.`);
      const open = await tx.returnRequest.findFirst({ where: { orderId, status: { in: [...OPEN] } }, select: { id: true } });
      if (open) throw conflict("A return is already open on this order.");
      for (const line of ask.lines) {
        const item = order.items.find((candidate) => candidate.id === line.orderItemId);
        if (!item) throw badRequest("A line to return is not on this order.");
        const left = item.quantity - item.refundedQuantity;
        if (line.quantity > left) throw conflict(left === 0 ? `${item.name} was refunded already.` : `Only ${left} of ${item.name} can still be returned.`);
      }
      const created = await tx.returnRequest.create({ data: { orderId, lines: ask.lines, reason: ask.reason, note: ask.note || null, photos } });
      if (order.paymentMethod === "cod") await tx.order.update({ where: { id: orderId }, data: { refundAccount: ask.refundAccount } });
      // The event carries the store's words only (the reason's label); the shopper's note stays on the request.
      await tx.orderEvent.create({ data: { orderId, type: "return_requested", actor: "shopper", actorId: userId, data: { returnId: created.id, lines: ask.lines, reason: ask.reason } } });
      return created;
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets one in.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw conflict("A return is already open on this order.");
    throw error;
  }
  mailOrderSteps(orderId);
  return request;
}

/**
 * Whether the shopper may ask for a return of their order now (before a photo is signed for it):
 * 404 for an order not theirs, 409 when it is not delivered, its window has closed or a request is
 * open already. The request itself checks again, under the order's lock.
 */
export async function checkReturnable(orderId: string, userId: string, now = new Date()): Promise<void> {
  if (!isRowId(orderId)) throw notFound(ORDER_NOT_FOUND);
  const order = await db.order.findFirst({ where: { id: orderId, userId }, select: { status: true, deliveredAt: true, returns: { where: { status: { in: [...OPEN] } }, select: { id: true } } } });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (order.status !== "DELIVERED" || !order.deliveredAt) throw conflict("This order cannot be returned.");
  const ends = returnWindowEnd(order.deliveredAt);
  if (returnWindowClosed(ends.toISOString(), now)) throw conflict(`The returns window for this order closed on ${formatDate(ends.toISOString())}.`);
  if (order.returns.length > 0) throw conflict("A return is already open on this order.");
}

const PHOTO_REFUSED = "A photo was not uploaded here: add it again";

/** Photos uploaded through a return's signature only, and on the image host within the size bound (as product images): else 400. */
async function checkReturnPhotos(photos: string[], userId: string): Promise<void> {
  photos.forEach((photo, index) => {
    if (!isReturnPhotoUrl(photo, userId)) throw new HttpError(400, PHOTO_REFUSED, undefined, { [`photos.${index}`]: PHOTO_REFUSED });
  });
  await checkHostedImages(photos);
}

const WAS: Record<string, string> = {
  REQUESTED: "is still waiting for an answer",
  APPROVED: "was approved already",
  DECLINED: "was declined",
  RECEIVED: "was received and refunded already",
};

/**
 * Moves a request from one of `from` to a new state in the order's lock, with its event. 404 for
 * an unknown request; 409 when it is in another state (another admin acted) or its order moved on.
 */
async function changeReturn<T>(
  returnId: string,
  from: readonly ("REQUESTED" | "APPROVED")[],
  action: string,
  change: (tx: Tx, order: Order & { items: Items }, request: ReturnRequest) => Promise<T>,
  /** Refused once the order moved on from delivered (a decline closes a request whatever the order is). */
  needsDelivered = true,
): Promise<T> {
  if (!isRowId(returnId)) throw notFound(RETURN_NOT_FOUND);
  const known = await db.returnRequest.findUnique({ where: { id: returnId }, select: { orderId: true } });
  if (!known) throw notFound(RETURN_NOT_FOUND);
  return db.$transaction(async (tx) => {
    const order = (await lockOrder(tx, known.orderId))!;
    const request = await tx.returnRequest.findUniqueOrThrow({ where: { id: returnId } });
    if (!from.includes(request.status as "REQUESTED")) throw conflict(`This return ${WAS[request.status]}: it cannot be ${action}.`);
    const movedOn = needsDelivered ? orderMovedOn(order, `the return cannot be ${action}.`) : "";
    if (movedOn) throw conflict(movedOn);
    return change(tx, order, request);
  });
}

/** The conditional UPDATE of a request's state (the order's lock already serialises; this says so twice). */
async function setState(tx: Tx, request: ReturnRequest, data: Prisma.ReturnRequestUpdateManyMutationInput): Promise<ReturnRequest> {
  const [changed] = await tx.returnRequest.updateManyAndReturn({ where: { id: request.id, status: request.status }, data });
  if (!changed) throw conflict("This return changed meanwhile: read the order again.");
  return changed;
}

/** Requested → approved, with the day of the pickup (not before today in India). */
export async function approveReturn(returnId: string, actor: Actor, pickupDate: string, now = new Date()): Promise<ReturnRequest> {
  if (pickupDate < indiaToday(now)) throw badRequest("The pickup date cannot be in the past.");
  if (pickupDate > indiaToday(new Date(now.getTime() + RETURN_PICKUP_MAX_DAYS * 86_400_000))) throw badRequest(`The pickup date is at most ${RETURN_PICKUP_MAX_DAYS} days ahead.`);
  const approved = await changeReturn(returnId, ["REQUESTED"], "approved", async (tx, order, request) => {
    const changed = await setState(tx, request, { status: "APPROVED", pickupDate: new Date(`${pickupDate}T00:00:00Z`) });
    await tx.orderEvent.create({ data: { orderId: order.id, type: "return_approved", actor: actor.kind, actorId: actor.userId ?? null, data: { returnId: request.id, pickupDate } } });
    return changed;
  });
  mailOrderSteps(approved.orderId);
  return approved;
}

/** Requested or approved → declined, with the admin's reason (mailed to the shopper); also when the order was refunded meanwhile, so no request stays open. */
export async function declineReturn(returnId: string, actor: Actor, reason: string): Promise<ReturnRequest> {
  const declined = await changeReturn(returnId, ["REQUESTED", "APPROVED"], "declined", async (tx, order, request) => {
    const changed = await setState(tx, request, { status: "DECLINED", declineReason: reason });
    await tx.orderEvent.create({ data: { orderId: order.id, type: "return_declined", actor: actor.kind, actorId: actor.userId ?? null, data: { returnId: request.id }, note: reason } });
    return changed;
  }, false);
  mailOrderSteps(declined.orderId);
  return declined;
}

/**
 * Approved → received: the parcel is back, and its units are refunded at their snapshot prices
 * through the refund rules (restocked unless damaged). The whole order back for a fault (every
 * unit not yet refunded, reason damaged, not as described or wrong item) is refunded whole,
 * shipping included; anything else line by line. The return is received whatever Stripe then
 * says (a refund it could not take is PENDING and retried; one it refused is FAILED and flagged).
 * 409 when a line's units were refunded meanwhile (nothing changes then). A cash-on-delivery
 * order's refund (`manual`) stays PENDING until the admin records its payment (recordManualRefund).
 */
export async function receiveReturn(returnId: string, actor: Actor, now = new Date()): Promise<{ request: ReturnRequest; refund: Refund; manual: boolean }> {
  const { request, refund, manual } = await changeReturn(returnId, ["APPROVED"], "marked received", async (tx, order, request) => {
    const lines = request.lines as RefundLine[];
    const reason = request.reason as ReturnReason;
    const everything = order.items.every((item) => item.quantity - item.refundedQuantity === lines.filter((line) => line.orderItemId === item.id).reduce((sum, line) => sum + line.quantity, 0));
    const whole = everything && FAULT_REASONS.includes(reason);
    const { refund, manual } = await recordRefund(
      tx,
      order.id,
      actor,
      // The request came in its window; the parcel may come back after it.
      { lines: whole ? "whole" : lines, restock: restocksOnReturn(reason), reason: `Return: ${RETURN_REASON_LABELS[reason]}`, outsideWindow: true },
      now,
    );
    const changed = await setState(tx, request, { status: "RECEIVED", refundId: refund.id });
    await tx.orderEvent.create({ data: { orderId: order.id, type: "return_received", actor: actor.kind, actorId: actor.userId ?? null, data: { returnId: request.id, amount: refund.amount, lines } } });
    return { request: changed, refund, manual };
  });
  mailOrderSteps(request.orderId);
  // Cash (manual): PENDING until the admin pays it and records the reference.
  try {
    return { request, refund: await sendRefund(refund.id), manual };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { request, refund: await db.refund.findUniqueOrThrow({ where: { id: refund.id } }), manual };
  }
}
