import "server-only";
import { formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { myOrdersUrl, siteUrl } from "@/lib/site-url";
import type { Order } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { createElement } from "react";
import { sendMail, type MailContent } from "../providers/mail";
import { renderMail } from "../providers/mails/render";
import { LinesMail } from "./mails/order-mails";

// The owner's alert: an order that needs an admin (its `attention`) is mailed to the 20 oldest
// admin accounts, once. Two kinds: "oversold" (paid for units that were gone: fulfilment sets it)
// and "refund failed" (Stripe refused or failed a refund: refunds.ts sets it, a later refund that
// makes up for it clears it).

export const ATTENTION_OVERSOLD = "oversold";
export const ATTENTION_REFUND_FAILED = "refund failed";

/** The note an order carries while a refund of `amount` paise has failed. */
export function refundFailedNote(amount: number, reason: string): string {
  return `A refund of ${formatRupees(amount)} failed at the payment service (${reason}). Refund it again from the order's page.`.slice(0, 500);
}

function attentionEmail(order: Pick<Order, "id" | "attention" | "attentionNote" | "customerEmail">, orderUrl: string): Promise<MailContent> {
  // The number the admin's search finds.
  const subject = `Order needs attention: ${order.attention} (${orderNumber(order.id)})`;
  const lines =
    order.attention === ATTENTION_OVERSOLD
      ? [
          `A paid order came in for units that were no longer in stock: the payment arrived after its hold had been released.`,
          order.attentionNote ?? "",
          `Customer: ${order.customerEmail}. The order is recorded and shown first in the admin's Orders: restock, or contact the customer and refund.`,
        ]
      : [`Order ${orderNumber(order.id)} needs you: ${order.attentionNote ?? order.attention}`, `Customer: ${order.customerEmail}. The order is shown first in the admin's Orders.`];
  const ordersUrl = myOrdersUrl();
  return renderMail(subject, createElement(LinesMail, { title: subject, lines, links: [{ href: orderUrl, label: "Open the order" }], ordersUrl }), [...lines, "", orderUrl].join("\n"));
}

/**
 * Emails every admin about an order flagged for attention, once: claimed with a conditional
 * UPDATE (like the confirmation), each mail with an idempotency key; a failure releases the claim
 * so the periodic round (sendPendingOrderEmails) tries again.
 */
export async function alertOwner(orderId: string, now = new Date()): Promise<"sent" | "skipped"> {
  const claimed = await db.order.updateMany({ where: { id: orderId, attention: { not: null }, attentionMailedAt: null }, data: { attentionMailedAt: now } });
  if (claimed.count === 0) return "skipped";
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId } });
  const admins = await db.user.findMany({ where: { role: "ADMIN" }, select: { id: true, email: true }, orderBy: { createdAt: "asc" }, take: 20 });
  if (admins.length === 0) {
    // No one to tell yet: the next round tries again.
    await db.order.update({ where: { id: orderId }, data: { attentionMailedAt: null } });
    return "skipped";
  }
  // One key per alert: an oversold order is alerted once; each failed refund of an order once (the
  // count of its failures so far: the same across retries of one alert, new for the next failure).
  const kind =
    order.attention === ATTENTION_OVERSOLD ? "" : `${order.attention!.replace(/\W+/g, "-")}-${await db.orderEvent.count({ where: { orderId, type: "refund_failed" } })}/`;
  try {
    const mail = await attentionEmail(order, `${siteUrl()}/admin-panel/orders/${order.id}`);
    for (const admin of admins) await sendMail({ to: admin.email, ...mail }, { idempotencyKey: `order-attention/${order.id}/${kind}${admin.id}` });
  } catch (error) {
    await db.order.update({ where: { id: orderId }, data: { attentionMailedAt: null } });
    throw error;
  }
  return "sent";
}
