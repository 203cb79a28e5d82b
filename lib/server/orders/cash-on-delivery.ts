import "server-only";
import type { Prisma, User } from "@/lib/generated/prisma/client";
import { COD_OPEN_ORDERS_MAX } from "@/lib/constants";
import type { DeliveryQuote } from "@/lib/delivery/quote";
import { COD_SWITCHED_OFF_MESSAGE } from "@/lib/delivery/quote";
import type { DeliverySettings } from "@/lib/delivery/settings";
import { siteUrl } from "@/lib/site-url";
import { db } from "../platform/db";
import { conflict, HttpError } from "../platform/http";
import { afterOrderRecorded, recordOrder, toPublicOrder } from "./orders";
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

/** A shopper's COD order confirmed (their link) or the admin's after a call; once. */
export async function confirmCodOrder(orderId: string, by: "shopper" | string, now = new Date()): Promise<boolean> {
  const { count } = await db.order.updateMany({ where: { id: orderId, paymentMethod: "cod", status: "PLACED", codConfirmedAt: null }, data: { codConfirmedAt: now, codConfirmedBy: by } });
  if (count > 0) await db.orderEvent.create({ data: { orderId, type: "cod_confirmed", actor: by === "shopper" ? "shopper" : "admin", actorId: by === "shopper" ? null : by } });
  return count > 0;
}

