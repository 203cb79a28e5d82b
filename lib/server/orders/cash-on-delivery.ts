import "server-only";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { COD_OPEN_ORDERS_MAX } from "@/lib/constants";
import type { DeliveryQuote } from "@/lib/delivery/quote";
import { COD_SWITCHED_OFF_MESSAGE } from "@/lib/delivery/quote";
import type { DeliverySettings } from "@/lib/delivery/settings";
import { siteUrl } from "@/lib/site-url";
import { db } from "../platform/db";
import { conflict, HttpError, notFound } from "../platform/http";
import { afterOrderRecorded, findOrder, recordOrder, toPublicOrder } from "./orders";
import { ORDER_NOT_FOUND } from "./lifecycle";
import { isRowId } from "../catalog/catalog";
import { recordCheckout, expireReplaced, type CheckoutChoice } from "./checkout";
import type { CheckoutLine, PublicOrder } from "./types";

// Cash on delivery (COD): "Place order" records the order at once, with no payment provider: its
// units leave stock under the same rules as a card checkout (the checkout row holds them, then the
// order takes them in one transaction), in the state PLACED, to be paid on delivery. Guard rails,
// each refused with nothing recorded: COD switched on by the owner, offered in the address's zone
// and up to the cap (the quote), an email address the shopper has confirmed, and at most
// COD_OPEN_ORDERS_MAX open COD orders per account (counted under the account's checkout lock).

export const CONFIRM_EMAIL_FOR_COD_MESSAGE = "Confirm your email address to pay cash on delivery: use the link we sent you, or ask for a new one on this page.";
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
