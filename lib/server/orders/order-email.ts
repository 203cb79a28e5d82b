import "server-only";
import { deliveryAddressLines } from "@/lib/orders/delivery-text";
import { formatRupeeAmount, formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { escapeHtml, mailLayout, STORE_NAME, type MailContent } from "../providers/mail";
import type { PublicOrder } from "./types";

// The order confirmation mail, beside the orders it speaks of (the mail client knows no orders).

/**
 * The order confirmation: items, quantities, prices, shipping, total, the delivery address (when
 * the order has one) and a link to My Orders.
 */
export function orderConfirmationEmail(order: PublicOrder, ordersUrl: string, withDelivery = true): MailContent {
  const number = orderNumber(order._id);
  const subject = `Your ${STORE_NAME} order ${number} is confirmed`;
  const rupees = formatRupeeAmount;
  const shipping = order.shipping_options.reduce((sum, option) => sum + option.shipping_amount, 0);
  const shippingName = order.shipping_options[0]?.name || "Shipping";
  const cell = "padding:6px 4px;border-bottom:1px solid #e4e4e7";
  const rows = order.productDetails
    .map(
      (item) =>
        `<tr><td style="${cell}">${escapeHtml(item.name)}</td><td style="${cell};text-align:center">${item.quantity}</td><td style="${cell};text-align:right">${escapeHtml(rupees(item.price))}</td><td style="${cell};text-align:right">${escapeHtml(rupees(item.price * item.quantity))}</td></tr>`,
    )
    .join("");
  const table = `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px">
<thead><tr><th style="text-align:left;padding:4px">Item</th><th style="padding:4px">Qty</th><th style="text-align:right;padding:4px">Price</th><th style="text-align:right;padding:4px">Amount</th></tr></thead>
<tbody>${rows}
<tr><td colspan="3" style="${cell}">${escapeHtml(shippingName)}</td><td style="${cell};text-align:right">${escapeHtml(formatRupees(shipping))}</td></tr>
<tr><td colspan="3" style="padding:6px 4px;font-weight:bold">Total paid</td><td style="padding:6px 4px;text-align:right;font-weight:bold">${escapeHtml(rupees(order.total_amount))}</td></tr>
</tbody></table>`;
  // Name, street lines, "City, State PIN", then the phone: each line escaped on its own.
  // Left out for an unconfirmed account address: the payer typed it (lib/server/accounts/email-confirmation.ts).
  const address = order.delivery && withDelivery ? deliveryAddressLines(order.delivery) : [];
  const html = mailLayout(subject, [
    `Thank you for your order. We have received your payment for order <strong>${escapeHtml(number)}</strong>.`,
    table,
    ...(address.length > 0 ? [`<strong>Delivery address</strong><br>${address.map(escapeHtml).join("<br>")}`] : []),
    `See it any time in <a href="${escapeHtml(ordersUrl)}">My Orders</a>.`,
  ]);
  const text = [
    `Thank you for your order. We have received your payment for order ${number}.`,
    "",
    ...order.productDetails.map((item) => `${item.quantity} × ${item.name} @ ${rupees(item.price)} = ${rupees(item.price * item.quantity)}`),
    `${shippingName}: ${formatRupees(shipping)}`,
    `Total paid: ${rupees(order.total_amount)}`,
    "",
    ...(address.length > 0 ? ["Delivery address", ...address, ""] : []),
    `My Orders: ${ordersUrl}`,
  ].join("\n");
  return { subject, html, text };
}
