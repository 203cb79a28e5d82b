import "server-only";
import type { Order, Prisma, User } from "@/lib/generated/prisma/client";
import { COD_OPEN_ORDERS_MAX } from "@/lib/constants";
import type { DeliveryQuote } from "@/lib/delivery/quote";
import { COD_SWITCHED_OFF_MESSAGE } from "@/lib/delivery/quote";
import type { DeliverySettings } from "@/lib/delivery/settings";
import { siteUrl } from "@/lib/site-url";
import { db } from "../platform/db";
import { conflict, HttpError, notFound } from "../platform/http";
import { afterOrderRecorded, findOrder, recordOrder, toPublicOrder } from "./orders";
import { move, ORDER_NOT_FOUND, type Actor } from "./lifecycle";
import { afterStockChange, restockOrder } from "./holds";
import { isRowId } from "../catalog/catalog";
import { recordCheckout, expireReplaced, type CheckoutChoice } from "./checkout";
import type { CheckoutLine, PublicOrder } from "./types";
import { afterResponse } from "../platform/after-response";
import { queueRtoCreditNote } from "../billing/credit-notes";

// Cash on delivery (COD): "Place order" records the order at once, with no payment provider: its
// units leave stock under the same rules as a card checkout (the checkout row holds them, then the
// order takes them in one transaction), in the state PLACED, to be paid on delivery. Guard rails,
// each refused with nothing recorded: COD switched on by the owner, offered in the address's zone
// and up to the cap (the quote), an email address the shopper has confirmed, and at most
// COD_OPEN_ORDERS_MAX open COD orders per account (counted under the account's checkout lock).

export const CONFIRM_EMAIL_FOR_COD_MESSAGE = "Confirm your email address to pay cash on delivery: ask for a code on the checkout page, or use the link we sent you.";
export const TOO_MANY_COD_ORDERS_MESSAGE = `You have ${COD_OPEN_ORDERS_MAX} cash-on-delivery orders on their way. Pay by card, or wait until one of them is delivered.`;

/** The states in which a COD order is open: placed, or shipped and not yet delivered. */
export const OPEN_COD_STATES = ["PLACED", "SHIPPED"] as const;

/** The checks that need no lock: the owner's switch, the zone and cap, the confirmed email. */
export function checkCodAllowed(user: Pick<User, "emailConfirmedAt">, quote: Extract<DeliveryQuote, { serviceable: true }>, settings: DeliverySettings): void {
  if (!settings.codEnabled) throw conflict(COD_SWITCHED_OFF_MESSAGE);
  if (!quote.cod.available) throw new HttpError(422, quote.cod.reason ?? COD_SWITCHED_OFF_MESSAGE, undefined, { paymentMethod: quote.cod.reason ?? COD_SWITCHED_OFF_MESSAGE });
  if (!user.emailConfirmedAt) throw new HttpError(403, CONFIRM_EMAIL_FOR_COD_MESSAGE, undefined, undefined, { reason: "email-unconfirmed" });
}

/**
 * Places a COD order for `lines` delivered as `choice` says: the checkout row is recorded (holding
 * the units, under the account's bounds, refused whole with a 409 when a line lacks units), then
 * turned into the order in the same breath. Answers the order.
 */
export async function placeCodOrder(user: User, lines: CheckoutLine[], buyNow: boolean, choice: CheckoutChoice, now = new Date()): Promise<PublicOrder> {
  const guard = async (tx: Prisma.TransactionClient) => {
    const open = await tx.order.count({ where: { userId: user.id, paymentMethod: "cod", status: { in: [...OPEN_COD_STATES] } } });
    if (open >= COD_OPEN_ORDERS_MAX) throw conflict(TOO_MANY_COD_ORDERS_MESSAGE);
  };
  // One transaction under the account's checkout lock: the guard, the checkout row holding the
  // units, and the order made from it, so that parallel placements are counted one after another.
  const { replaced, then: result } = await recordCheckout(user, lines, siteUrl(), now, buyNow, choice, guard, (tx, checkout) => {
    const shippingOptions = [
      { shipping_amount: checkout.shippingAmount, shipping_rate: "", name: checkout.shippingRateName },
      // A second entry, so that an old client's sum of lines and shipping still equals total_amount.
      ...(checkout.codFee > 0 ? [{ shipping_amount: checkout.codFee, shipping_rate: "", name: "Cash on delivery fee" }] : []),
    ];
    return recordOrder(tx, checkout, {
      paymentMethod: "cod",
      checkoutSessionId: null,
      paymentIntentId: null,
      paymentMethodTypes: ["cod"],
      paymentStatus: "unpaid",
      shippingOptions,
      totalAmount: checkout.total,
      customerEmail: checkout.customerEmail,
      currency: checkout.currency,
      delivery: choice.delivery,
      status: "PLACED",
      event: { type: "placed", actor: "shopper", actorId: user.id, data: { amount: checkout.total, paymentMethod: "cod" } },
    });
  });
  // An open card checkout it replaced: its payment page stops taking payments.
  await expireReplaced(replaced);
  afterOrderRecorded(result!, { paymentMethod: "cod" });
  return toPublicOrder(result!.order);
}

export const COD_CONFIRM_REFUSED_MESSAGE = "Only a cash-on-delivery order that has not shipped can be confirmed.";

/**
 * Confirms a COD order before dispatch: by its shopper (their own order only: another's is a 404)
 * or by an admin after a call. Once; a second confirmation changes nothing and says so.
 */
export async function confirmCodOrder(orderId: unknown, actor: { kind: "shopper" | "admin"; userId: string }, now = new Date()): Promise<{ confirmed: boolean; order: PublicOrder }> {
  if (!isRowId(orderId)) throw notFound(ORDER_NOT_FOUND);
  const scope = actor.kind === "shopper" ? { id: orderId, userId: actor.userId } : { id: orderId };
  const confirmed = await db.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({ where: { ...scope, paymentMethod: "cod", status: "PLACED", codConfirmedAt: null }, data: { codConfirmedAt: now, codConfirmedBy: actor.kind === "shopper" ? "shopper" : actor.userId } });
    if (count > 0) await tx.orderEvent.create({ data: { orderId, type: "cod_confirmed", actor: actor.kind, actorId: actor.userId } });
    return count > 0;
  });
  const order = await findOrder(orderId, actor.kind === "shopper" ? { userId: actor.userId } : { admin: true });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (!confirmed && !(order.payment_method === "cod" && order.cod?.confirmed_at)) throw conflict(COD_CONFIRM_REFUSED_MESSAGE);
  return { confirmed, order };
}

// After it ships -------------------------------------------------------------------------------

export type CashReceipt = { amount: number; receivedOn: Date; reference: string };

export const CASH_NOT_TOTAL_MESSAGE = "The cash received must be the order's total: the courier collected all of it.";

/**
 * The admin records the cash the courier handed over for a delivered COD order (its whole total,
 * in paise; the day; the courier's reference): its payment state becomes paid. Once; 409 otherwise.
 */
export async function recordCashReceived(orderId: string, actor: Actor, receipt: CashReceipt): Promise<Order> {
  const current = isRowId(orderId) ? await db.order.findUnique({ where: { id: orderId }, select: { totalAmount: true, paymentMethod: true, status: true } }) : null;
  if (current?.paymentMethod === "cod" && receipt.amount !== current.totalAmount) throw new HttpError(422, CASH_NOT_TOTAL_MESSAGE, undefined, { amount: CASH_NOT_TOTAL_MESSAGE });
  // Refunded after its delivery (by bank transfer or UPI): the courier still owes the cash it collected.
  const state = current?.status === "REFUNDED" ? "REFUNDED" : "DELIVERED";
  const { order } = await move(orderId, actor, {
    from: [state],
    also: { paymentMethod: "cod", cashReceivedAt: null, deliveredAt: { not: null } },
    to: state,
    set: { cashReceivedAt: receipt.receivedOn, cashAmount: receipt.amount, cashReference: receipt.reference, paymentStatus: "paid" },
    event: { type: "cash_received", data: { amount: receipt.amount, reference: receipt.reference, receivedOn: receipt.receivedOn.toISOString().slice(0, 10) } },
    refusal: (order) =>
      order.paymentMethod !== "cod"
        ? "This order was paid by card: there is no cash to record."
        : order.cashReceivedAt
          ? "The cash for this order is recorded already."
          : "Cash is recorded once the order is delivered.",
  });
  return order;
}

/**
 * The courier brought a shipped COD parcel back undelivered: the order is returned to origin, and
 * its invoice gets a credit note for the whole order. Its units go back to stock when the admin
 * confirms the parcel is in (receiveReturnedParcel).
 */
export async function markReturnedToOrigin(orderId: string, actor: Actor, note: string | null = null, now = new Date()): Promise<Order> {
  const { order } = await move(orderId, actor, {
    from: ["SHIPPED"],
    also: { paymentMethod: "cod" },
    to: "RETURNED_TO_ORIGIN",
    // Its invoice was issued when it shipped: a credit note reverses it (issued after the answer).
    set: { returnedToOriginAt: now, rtoCreditNoteDue: true },
    event: { type: "returned_to_origin", note },
    refusal: (order) => (order.paymentMethod !== "cod" ? "Only a cash-on-delivery parcel comes back undelivered this way." : "Only a shipped order can come back undelivered."),
  });
  afterResponse("credit-note", () => queueRtoCreditNote(order.id));
  return order;
}

/** The returned parcel is in: its units go back to stock, once. No money moves (none was paid). */
export async function receiveReturnedParcel(orderId: string, actor: Actor, now = new Date()): Promise<Order> {
  let restocked = false;
  const { order } = await move(
    orderId,
    actor,
    {
      from: ["RETURNED_TO_ORIGIN"],
      also: { rtoReceivedAt: null },
      to: "RETURNED_TO_ORIGIN",
      set: { rtoReceivedAt: now },
      event: { type: "rto_received" },
      refusal: (order) => (order.status === "RETURNED_TO_ORIGIN" ? "This parcel was received back already." : "Only a parcel that came back undelivered can be received."),
    },
    async (tx) => {
      restocked = await restockOrder(tx, orderId);
    },
  );
  afterStockChange(restocked);
  return order;
}
