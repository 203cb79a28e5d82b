import "server-only";
import Stripe from "stripe";
import { RETURN_WINDOW_DAYS } from "@/lib/constants";
import { formatDate } from "@/lib/shared/dates";
import { returnWindowEnd } from "@/lib/orders/returns-policy";
import { formatRupees } from "@/lib/shared/money";
import type { Order, OrderStatus, Prisma, Refund } from "@/lib/generated/prisma/client";
import { isRowId } from "../catalog/catalog";
import { db } from "../platform/db";
import { badRequest, conflict, HttpError, notFound, unavailable } from "../platform/http";
import { isProviderOutage, PAYMENT_PROVIDER_DOWN_MESSAGE, stripeClient } from "../providers/stripe";
import { afterStockChange, inProductOrder, restockOrder, restockUnits } from "./holds";
import { move, ORDER_NOT_FOUND, type Actor } from "./lifecycle";
import { mailOrderSteps } from "./step-email";
import { alertOwner, ATTENTION_REFUND_FAILED, refundFailedNote } from "./owner-alert";
import { afterResponse } from "../platform/after-response";
import { log } from "../platform/log";
import { queueCreditNote } from "../billing/credit-notes";

// Money given back on an order, through Stripe's Refunds API on the order's payment. A refund is
// recorded first (a PENDING Refund row, under a lock on the order row: never more than was paid, no
// line past what was bought), then sent with the idempotency key refund-<row id>, so a retry never
// refunds twice; Stripe's answer settles it. Refunds made in Stripe's dashboard arrive through the
// webhook (recordStripeRefund) and are recorded once (docs/ENGINEERING.md §10a).
//
// A cash-on-delivery order's money goes back outside Stripe (bank transfer or UPI, to the account
// the shopper gave): its refund is recorded by the same rules, once the order was delivered (the
// courier collected the cash), and stays PENDING until the admin records the payment's reference
// (recordManualRefund); the admin's own refund carries the reference at once.

export type RefundLine = { orderItemId: string; quantity: number };
type Tx = Prisma.TransactionClient;
type OrderWithItems = Order & { items: { id: string; productId: string | null; name: string; price: number; quantity: number; refundedQuantity: number }[] };

/** A cancellation's refund's reason when none was given (the refunds list says it; the timeline's cancel entry already does). */
const CANCELLATION_REASON = "Order cancelled";
const NOTHING_TO_REFUND = "There is nothing left to refund on this order.";

/** The paise the order's lines came to; the rest of what was paid is shipping. */
function shippingOf(order: OrderWithItems): number {
  return Math.max(0, order.totalAmount - order.items.reduce((sum, item) => sum + item.price * item.quantity, 0));
}

/** Locks the order row for the transaction and reads it with its lines. */
async function lockOrder(tx: Tx, orderId: string): Promise<OrderWithItems | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Order" WHERE "id" = ${orderId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.order.findUnique({ where: { id: orderId }, include: { items: true } }) as Promise<OrderWithItems | null>;
}

/** What is still refundable: what was paid less every refund not failed. */
async function refundable(tx: Tx, order: Order): Promise<number> {
  const taken = await tx.refund.aggregate({ where: { orderId: order.id, status: { not: "FAILED" } }, _sum: { amount: true } });
  return order.totalAmount - (taken._sum.amount ?? 0);
}

type Planned = { amount: number; shippingAmount: number; lines: RefundLine[] };

/**
 * The amount the caller confirmed (paise), when they said one: a refund that comes to another
 * amount (a refund failed or was made in Stripe's dashboard since the page was read) is refused,
 * so no one confirms one sum and gives back another.
 */
function expectAmount(amount: number, expected: number | undefined): void {
  if (expected === undefined || expected === amount) return;
  throw conflict(`The refund now comes to ${formatRupees(amount)}, not the ${formatRupees(expected)} you confirmed: the order changed meanwhile. Check it and confirm again.`);
}

/**
 * The refund of `lines` at the order's snapshot prices (or, `whole`, of everything not yet
 * refunded, shipping included), checked against what is left; each line's refundedQuantity is
 * taken in the same transaction.
 */
async function plan(tx: Tx, order: OrderWithItems, lines: RefundLine[] | "whole", expected?: number): Promise<Planned> {
  const left = await refundable(tx, order);
  if (left <= 0) throw conflict(NOTHING_TO_REFUND);
  const wanted =
    lines === "whole"
      ? order.items.filter((item) => item.quantity > item.refundedQuantity).map((item) => ({ orderItemId: item.id, quantity: item.quantity - item.refundedQuantity }))
      : lines;
  let amount = 0;
  for (const line of wanted) {
    const item = order.items.find((candidate) => candidate.id === line.orderItemId);
    if (!item) throw badRequest("A line to refund is not on this order.");
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw badRequest("Refund at least one unit of a line.");
    if (item.refundedQuantity + line.quantity > item.quantity) {
      throw conflict(`Only ${item.quantity - item.refundedQuantity} of ${item.name} can still be refunded.`);
    }
    amount += item.price * line.quantity;
    await tx.orderItem.update({ where: { id: item.id }, data: { refundedQuantity: { increment: line.quantity } } });
  }
  // The whole order: everything still refundable, its shipping included (less whatever was
  // refunded without lines, in Stripe's dashboard). Shipping goes back only with the whole order.
  let shippingAmount = 0;
  if (lines === "whole") {
    shippingAmount = Math.min(shippingOf(order), left - Math.min(amount, left));
    amount = left;
  }
  if (amount <= 0) throw conflict(NOTHING_TO_REFUND);
  if (amount > left) {
    throw conflict(`Refunds on this order would come to more than was paid: ${formatRupees(left)} is left to refund.`);
  }
  expectAmount(amount, expected);
  return { amount, shippingAmount, lines: wanted };
}

async function record(tx: Tx, order: Order, planned: Planned, actor: Actor, options: { restock: boolean; reason?: string | null }): Promise<Refund> {
  return tx.refund.create({
    data: {
      orderId: order.id,
      amount: planned.amount,
      shippingAmount: planned.shippingAmount,
      lines: planned.lines,
      restock: options.restock,
      reason: options.reason ?? null,
      // Who asked: an admin or the shopper (made here); "stripe" is kept for the dashboard's.
      source: actor.kind === "stripe" ? "store" : actor.kind,
      actorId: actor.userId ?? null,
    },
  });
}

/**
 * Refunds lines (or quantities of them) of a paid order at any time after payment, or (`lines:
 * "whole"`) everything still refundable, shipping included; the units go back to stock with
 * `restock`. A delivered order past its returns window (RETURN_WINDOW_DAYS) is refunded only when
 * the admin says so (`outsideWindow`). 409 when the lines were refunded already, the total would
 * pass what was paid, or the window has closed unacknowledged.
 */
export async function refundOrder(
  orderId: string,
  actor: Actor,
  request: RefundAsk & { reference?: string | null },
  now = new Date(),
): Promise<Refund> {
  if (!isRowId(orderId)) throw notFound(ORDER_NOT_FOUND);
  if (request.lines !== "whole" && request.lines.length === 0) throw badRequest("Choose the lines to refund.");
  const refund = await db.$transaction(async (tx) => {
    const recorded = await recordRefund(tx, orderId, actor, request, now, { returnOpen: "refuse" });
    if (request.reference && !recorded.manual) throw new HttpError(400, CARD_TAKES_NO_REFERENCE, undefined, { reference: CARD_TAKES_NO_REFERENCE });
    return recorded.refund;
  });
  // Cash: recorded to pay (the amount reserved first, so two admins never both pay it), then
  // Record refund paid; a reference given here says it is paid already.
  return request.reference ? recordManualRefund(refund.id, request.reference, actor) : sendRefund(refund.id);
}

type RefundAsk = { lines: RefundLine[] | "whole"; restock: boolean; reason?: string | null; outsideWindow?: boolean; expectedAmount?: number };

export const CARD_TAKES_NO_REFERENCE = "A card refund is sent by the store itself: it takes no payment reference.";

/** The 409 for an admin's refund of an order whose return request is still open. */
export const RETURN_OPEN =
  "This order has an open return request: mark it received (which refunds its units) or decline it before refunding otherwise.";

/**
 * refundOrder's checks and record, inside the caller's transaction (a return's Mark received
 * records its refund with the return's own change); the caller then sends it (sendRefund).
 */
export async function recordRefund(
  tx: Tx,
  orderId: string,
  actor: Actor,
  request: RefundAsk,
  now = new Date(),
  options: { returnOpen?: "refuse" } = {},
): Promise<{ refund: Refund; manual: boolean }> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  const manual = order.paymentMethod === "cod";
  // Cash is collected at the door: until then there is nothing to give back.
  if (manual && !order.deliveredAt) throw conflict(COD_NOTHING_COLLECTED);
  // An admin's own refund never runs beside an open return request (under the order's lock, as
  // the request is made): the request's units would be refunded twice over, or its Mark received
  // refused for ever. A return's own Mark received records its refund here too.
  if (options.returnOpen === "refuse" && (await tx.returnRequest.count({ where: { orderId, status: { in: ["REQUESTED", "APPROVED"] } } })) > 0) throw conflict(RETURN_OPEN);
  if (order.deliveredAt && now > returnWindowEnd(order.deliveredAt) && !request.outsideWindow) throw conflict(OUTSIDE_WINDOW(order.deliveredAt));
  return { refund: await record(tx, order, await plan(tx, order, request.lines, request.expectedAmount), actor, request), manual };
}

export const COD_NOTHING_COLLECTED = "Nothing was collected on this cash-on-delivery order yet: cancel it before it ships, or wait for its delivery.";

/** The 409 for a refund of a delivered order whose returns window has closed, unacknowledged. */
export const OUTSIDE_WINDOW = (deliveredAt: Date) =>
  `This order was delivered on ${formatDate(deliveredAt.toISOString())}, more than ${RETURN_WINDOW_DAYS} days ago: it is outside the returns window. Confirm that you refund it anyway.`;

export const CANNOT_CANCEL = (status: OrderStatus) =>
  status === "CANCELLED"
    ? "This order is already cancelled."
    : status === "REFUNDED"
      ? "This order was refunded already."
      : status === "RETURNED_TO_ORIGIN"
        ? "This order came back undelivered: it can no longer be cancelled."
        : "This order has shipped: it can no longer be cancelled.";

/**
 * Cancels a paid order that has not shipped, and refunds it in full (shipping included), its
 * units back to stock; a cash-on-delivery order not shipped has nothing to refund: its units
 * go back in the same transaction. A shopper may cancel only their own order. 409 when it shipped meanwhile
 * (an admin and the shopper acting at once: one wins).
 */
export async function cancelOrder(
  orderId: string,
  actor: Actor,
  reason?: string | null,
  now = new Date(),
  expectedAmount?: number,
): Promise<{ order: Order; refund: Refund | null }> {
  let restocked = false;
  const { order, then: refund } = await move(
    orderId,
    actor,
    {
      // Cash on delivery: placed, not shipped; nothing was paid, so nothing goes back but the units.
      from: ["PAID", "PLACED"],
      to: "CANCELLED",
      set: { cancelledAt: now },
      event: { type: "cancelled", note: reason },
      refusal: (current) => CANNOT_CANCEL(current.status),
    },
    async (tx, moved) => {
      if (moved.paymentMethod === "cod") {
        restocked = await restockOrder(tx, orderId);
        return null;
      }
      const order = (await lockOrder(tx, orderId))!;
      // Nothing left to give back (refunded in the dashboard already): cancelled all the same.
      if ((await refundable(tx, order)) <= 0) {
        expectAmount(0, expectedAmount);
        return null;
      }
      return record(tx, order, await plan(tx, order, "whole", expectedAmount), actor, { restock: true, reason: reason ?? CANCELLATION_REASON });
    },
  );
  afterStockChange(restocked);
  if (!refund) return { order, refund: null };
  // The order is cancelled whatever Stripe says now: a refund Stripe could not take is PENDING
  // (sent again every minute), one it refused is FAILED (the order is flagged for the owner).
  try {
    return { order, refund: await sendRefund(refund.id) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { order, refund: await db.refund.findUniqueOrThrow({ where: { id: refund.id } }) };
  }
}

/** What a cancellation's answer says of the money: cancelled whatever Stripe said of its refund. */
export function cancellationMessage(refund: Refund | null, toShopper: boolean): string {
  if (refund?.status === "PENDING") {
    return `Order cancelled. The payment service is not answering: ${toShopper ? "your" : "the"} refund is recorded and will be sent as soon as it does.`;
  }
  if (refund?.status === "FAILED") {
    return toShopper
      ? "Order cancelled. The payment service refused the refund: the store has been told and will refund you."
      : "Order cancelled, but the payment service refused the refund: see the order's refunds and refund it again.";
  }
  return "Order cancelled";
}

/**
 * Sends a recorded refund to Stripe (idempotency key refund-<id>: a retry refunds once) and
 * settles it with the answer. Stripe not answering: the refund stays PENDING for the next retry
 * (retryPendingRefunds) and the caller hears 503. Stripe refusing: FAILED, and the caller hears why.
 */
export async function sendRefund(refundId: string): Promise<Refund> {
  const refund = await db.refund.findUniqueOrThrow({ where: { id: refundId }, include: { order: true } });
  if (refund.status !== "PENDING") return refund;
  // Cash goes back by bank transfer or UPI: PENDING until the admin records it (recordManualRefund).
  if (refund.order.paymentMethod === "cod") return refund;
  if (!refund.order.paymentIntentId) return failRefund(refund.id, "The order has no payment to refund.");
  let answer: Stripe.Refund;
  try {
    answer = await stripeClient().refunds.create(
      { payment_intent: refund.order.paymentIntentId, amount: refund.amount, reason: "requested_by_customer", metadata: { refundId: refund.id, orderId: refund.orderId } },
      { idempotencyKey: `refund-${refund.id}` },
    );
  } catch (error) {
    if (isProviderOutage(error)) {
      log.error({ err: error, refundId: refund.id }, "refunds: the payment provider failed");
      throw unavailable(`${PAYMENT_PROVIDER_DOWN_MESSAGE} The refund is recorded and will be sent then.`);
    }
    const message = error instanceof Stripe.errors.StripeError ? error.message : String(error);
    await failRefund(refund.id, message);
    throw new HttpError(502, `The payment service refused the refund: ${message}`);
  }
  log.info({ refundId: refund.id, orderId: refund.orderId, stripeRefundId: answer.id, status: answer.status, amountPaise: refund.amount }, "refunds: sent to the payment provider");
  return settleRefund(refund.id, answer);
}

/** Stripe's word on one of our refunds: succeeded (counted once), failed or canceled (given back). */
async function settleRefund(refundId: string, answer: Stripe.Refund): Promise<Refund> {
  if (answer.status === "failed" || answer.status === "canceled") return failRefund(refundId, answer.failure_reason ?? answer.status, answer.id);
  if (answer.status !== "succeeded") {
    return db.refund.update({ where: { id: refundId }, data: { stripeRefundId: answer.id } });
  }
  return (await succeed(refundId, { stripeRefundId: answer.id })) ?? db.refund.findUniqueOrThrow({ where: { id: refundId } });
}

export const REFUND_NOT_FOUND = "Refund not found";

/**
 * The admin paid a cash-on-delivery order's PENDING refund by bank transfer or UPI: it is recorded
 * with the payment's reference and counts from now (the units back in stock when asked, the credit
 * note, the shopper's mail). 404 for an unknown refund; 409 for a card refund or one settled already.
 */
export async function recordManualRefund(refundId: string, reference: string, actor: Actor): Promise<Refund> {
  const refund = isRowId(refundId) ? await db.refund.findUnique({ where: { id: refundId }, include: { order: { select: { paymentMethod: true } } } }) : null;
  if (!refund) throw notFound(REFUND_NOT_FOUND);
  if (refund.order.paymentMethod !== "cod") throw conflict("This refund goes back through the card payment: the store sends it itself.");
  const settled = await succeed(refundId, { reference }, actor.userId ?? null);
  if (!settled) throw conflict(refund.status === "FAILED" ? "This refund was cancelled." : "This refund is recorded as paid already.");
  return settled;
}

/** PENDING → SUCCEEDED (conditionally: once) and counted; null when it was settled before. */
async function succeed(refundId: string, data: { stripeRefundId?: string; reference?: string }, paidBy: string | null = null): Promise<Refund | null> {
  let restocked = false;
  const settled = await db.$transaction(async (tx) => {
    const [settled] = await tx.refund.updateManyAndReturn({ where: { id: refundId, status: "PENDING" }, data: { status: "SUCCEEDED", creditNoteDue: true, ...data } });
    if (!settled) return null; // settled before (its event, a retry, another admin)
    await countRefund(tx, settled, paidBy);
    restocked = settled.restock && (settled.lines as RefundLine[]).length > 0;
    return settled;
  });
  if (!settled) return null;
  // Units back in stock change what shoppers see available: the catalogue's cached reads refresh.
  afterStockChange(restocked);
  mailOrderSteps(settled.orderId);
  afterResponse("credit-note", () => queueCreditNote(settled.id));
  return settled;
}

/** A succeeded refund's money leaves the order (and its units return to stock when asked). */
async function countRefund(tx: Tx, refund: Refund, paidBy: string | null = null): Promise<void> {
  const order = await lockOrder(tx, refund.orderId);
  if (!order) return;
  const refundedAmount = Math.min(order.totalAmount, order.refundedAmount + refund.amount);
  const whole = refundedAmount >= order.totalAmount;
  await tx.order.update({
    where: { id: order.id },
    // A cancelled order stays cancelled; any other whose whole amount went back is refunded.
    data: {
      refundedAmount,
      ...(whole && order.status !== "CANCELLED" ? { status: "REFUNDED" } : {}),
      // A refund went through that makes up for the failed one (as much, or everything): its flag is settled.
      ...(order.attention === ATTENTION_REFUND_FAILED && (await makesUpForFailure(tx, order, refund)) ? { attention: null, attentionNote: null } : {}),
    },
  });
  await tx.orderEvent.create({
    data: { orderId: order.id, type: "refunded", actor: refund.source, actorId: refund.actorId, data: { amount: refund.amount, lines: refund.lines, restock: refund.restock, refundId: refund.id, ...(refund.reference ? { reference: refund.reference } : {}), ...(paidBy ? { paidBy } : {}) }, note: refund.reason === CANCELLATION_REASON ? null : refund.reason },
  });
  if (!refund.restock) return;
  const byProduct = new Map<string, number>();
  for (const line of refund.lines as RefundLine[]) {
    const productId = order.items.find((item) => item.id === line.orderItemId)?.productId;
    if (productId) byProduct.set(productId, (byProduct.get(productId) ?? 0) + line.quantity);
  }
  await restockUnits(tx, byProduct);
}

/**
 * Undoes a failed refund's restock: its units leave stock again, in product-id order, as many as
 * are not held or sold since (held units belong to open checkouts; a shortfall is logged, the
 * order is flagged already). Returns whether a shopper-visible availability may have changed.
 */
async function unstock(tx: Tx, order: OrderWithItems, lines: RefundLine[]): Promise<boolean> {
  const byProduct = new Map<string, number>();
  for (const line of lines) {
    const productId = order.items.find((item) => item.id === line.orderItemId)?.productId;
    if (productId) byProduct.set(productId, (byProduct.get(productId) ?? 0) + line.quantity);
  }
  let changed = false;
  for (const [productId, quantity] of inProductOrder(byProduct)) {
    const rows = await tx.$queryRaw<{ taken: number }[]>`
      WITH before AS (SELECT "id", GREATEST("stock" - "held", 0) AS "available" FROM "Product" WHERE "id" = ${productId}::uuid FOR NO KEY UPDATE)
      UPDATE "Product" p SET "stock" = p."stock" - LEAST(${quantity}, before."available")
      FROM before WHERE p."id" = before."id"
      RETURNING LEAST(${quantity}, before."available") AS "taken"`;
    const taken = rows[0]?.taken ?? 0;
    if (taken > 0) changed = true;
    if (rows[0] && taken < quantity) log.warn({ orderId: order.id, productId, quantity, taken }, "refunds: a failed refund's units were sold meanwhile; stock keeps them");
  }
  return changed;
}

/** Whether `refund` (succeeded) gives back at least what the latest failed refund did not, or all that was left. */
async function makesUpForFailure(tx: Tx, order: Order, refund: Refund): Promise<boolean> {
  const failed = await tx.refund.findFirst({ where: { orderId: order.id, status: "FAILED" }, orderBy: { updatedAt: "desc" }, select: { amount: true } });
  return !failed || refund.amount >= failed.amount || (await refundable(tx, order)) <= 0;
}

/** A refund that did not happen: its lines may be refunded again. */
async function failRefund(refundId: string, reason: string, stripeRefundId?: string): Promise<Refund> {
  let unstocked = false;
  const refund = await db.$transaction(async (tx) => {
    const before = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
    if (before.status === "FAILED") return before;
    // Conditional on the state read: two failures arriving at once undo the refund once.
    const [failed] = await tx.refund.updateManyAndReturn({ where: { id: refundId, status: before.status }, data: { status: "FAILED", failureReason: reason.slice(0, 500), ...(stripeRefundId ? { stripeRefundId } : {}) } });
    if (!failed) return tx.refund.findUniqueOrThrow({ where: { id: refundId } });
    // The order's row before its lines, as recordRefund takes them: two refunds of one order never deadlock.
    await lockOrder(tx, before.orderId);
    for (const line of before.lines as RefundLine[]) {
      await tx.orderItem.update({ where: { id: line.orderItemId }, data: { refundedQuantity: { decrement: line.quantity } } });
    }
    if (before.status === "SUCCEEDED") {
      // It had been counted: the money is back on the order.
      const order = await lockOrder(tx, before.orderId);
      if (order) {
        const back: OrderStatus | undefined = order.status === "REFUNDED" ? (order.deliveredAt ? "DELIVERED" : order.shippedAt ? "SHIPPED" : "PAID") : undefined;
        await tx.order.update({ where: { id: order.id }, data: { refundedAmount: Math.max(0, order.refundedAmount - before.amount), ...(back ? { status: back } : {}) } });
        // Its units had gone back to stock: they leave it again with the failure, so a refund
        // made again does not put them back a second time.
        if (before.restock) unstocked = await unstock(tx, order, before.lines as RefundLine[]);
      }
    }
    await tx.orderEvent.create({ data: { orderId: before.orderId, type: "refund_failed", actor: "stripe", data: { amount: before.amount }, note: reason.slice(0, 1000) } });
    // The owner must act (money the customer is owed did not go): flagged (over an oversold flag:
    // this is the more urgent, and a refund is how an oversold order ends) and mailed. A refund
    // that makes up for it clears the flag (countRefund).
    await tx.order.update({
      where: { id: before.orderId },
      data: { attention: ATTENTION_REFUND_FAILED, attentionNote: refundFailedNote(before.amount, reason), attentionMailedAt: null },
    });
    return failed;
  });
  afterStockChange(unstocked);
  afterResponse("order-email", () => alertOwner(refund.orderId));
  return refund;
}

/**
 * A refund Stripe tells us about (refund.created / refund.updated, or each refund of a
 * charge.refunded): one of ours (by its Stripe id, or the refundId in its metadata when the
 * event beat our own save) is settled; one made in Stripe's dashboard is recorded once (the
 * unique Stripe id). Returns what happened.
 */
export async function recordStripeRefund(answer: Stripe.Refund): Promise<"settled" | "recorded" | "known" | "unknown"> {
  const ours = await db.refund.findFirst({
    where: { OR: [{ stripeRefundId: answer.id }, ...(isRowId(answer.metadata?.refundId) ? [{ id: answer.metadata.refundId, source: { not: "stripe" } }] : [])] },
  });
  if (ours) {
    const before = ours.status;
    const after = await settleRefund(ours.id, answer);
    return after.status === before ? "known" : "settled";
  }
  if (answer.status !== "succeeded") return "unknown";
  const paymentIntent = typeof answer.payment_intent === "string" ? answer.payment_intent : answer.payment_intent?.id;
  if (!paymentIntent) return "unknown";
  const order = await db.order.findFirst({ where: { paymentIntentId: paymentIntent }, select: { id: true } });
  if (!order) return "unknown";
  const outcome = await db.$transaction(async (tx) => {
    const locked = await lockOrder(tx, order.id);
    if (!locked) return { outcome: "unknown" as const };
    const inserted = await tx.refund.createManyAndReturn({
      data: [{ orderId: order.id, amount: answer.amount, status: "SUCCEEDED", stripeRefundId: answer.id, source: "stripe", reason: "Refunded in Stripe's dashboard", creditNoteDue: true }],
      skipDuplicates: true,
    });
    if (inserted.length === 0) return { outcome: "known" as const };
    await countRefund(tx, inserted[0]!);
    return { outcome: "recorded" as const, refundId: inserted[0]!.id };
  });
  if (outcome.outcome === "recorded") {
    mailOrderSteps(order.id);
    afterResponse("credit-note", () => queueCreditNote(outcome.refundId));
  }
  return outcome.outcome;
}

/** Refunds recorded but not yet sent (Stripe was down): sent again, oldest first. */
export async function retryPendingRefunds(limit = 20, olderThanMs = 60_000, now = new Date()): Promise<number> {
  const pending = await db.refund.findMany({
    // Cash refunds wait for the admin, not for Stripe.
    where: { status: "PENDING", source: { not: "stripe" }, stripeRefundId: null, createdAt: { lt: new Date(now.getTime() - olderThanMs) }, order: { paymentMethod: { not: "cod" } } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
  let sent = 0;
  for (const { id } of pending) {
    try {
      if ((await sendRefund(id)).status === "SUCCEEDED") sent += 1;
    } catch (error) {
      log.warn({ err: error, refundId: id }, "refunds: still unsent");
    }
  }
  return sent;
}
