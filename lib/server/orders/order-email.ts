import "server-only";
import { deliveryAddressLines } from "@/lib/orders/delivery-text";
import { formatRupeeAmount, formatRupees } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { invoicePageUrl } from "@/lib/site-url";
import { createElement } from "react";
import { STORE_NAME, type MailContent } from "../providers/mail";
import { renderMail } from "../providers/mails/render";
import { OrderConfirmationMail } from "./mails/order-mails";
import type { PublicOrder } from "./types";

// The order confirmation mail, beside the orders it speaks of (the mail client knows no orders).

/**
 * The order confirmation: items, quantities, prices, shipping, total, the delivery address (when
 * the order has one), a link to its tax invoice and one to My Orders.
 */
export function orderConfirmationEmail(order: PublicOrder, ordersUrl: string, withDelivery = true): Promise<MailContent> {
  // The invoice's page: issued right after the order is recorded, so there by the time the mail is read.
  const invoiceUrl = invoicePageUrl(order._id);
  const number = orderNumber(order._id);
  const cod = order.paymentDetails.payment_method_type.includes("cod");
  // Cash on delivery: the shopper confirms the order from My Orders (signed in), before it ships.
  const confirmUrl = cod ? `${ordersUrl}?confirm=${order._id}` : null;
  const subject = cod ? `Your ${STORE_NAME} order ${number} is placed: please confirm it` : `Your ${STORE_NAME} order ${number} is confirmed`;
  const rupees = formatRupeeAmount;
  const shipping = order.shipping_options.reduce((sum, option) => sum + option.shipping_amount, 0);
  const shippingName = order.shipping_options[0]?.name || "Shipping";
  // Name, street lines, "City, State PIN", then the phone.
  // Left out for an unconfirmed account address: the payer typed it (lib/server/accounts/email-confirmation.ts).
  const address = order.delivery && withDelivery ? deliveryAddressLines(order.delivery) : [];
  const lines = order.productDetails.map((item) => ({ name: item.name, quantity: item.quantity, price: rupees(item.price), amount: rupees(item.price * item.quantity) }));
  const text = [
    cod ? `Thank you for your order ${number}. Please pay ${rupees(order.total_amount)} in cash when it arrives.` : `Thank you for your order. We have received your payment for order ${number}.`,
    ...(confirmUrl ? [`So that we can send it, please confirm your order: ${confirmUrl}`] : []),
    "",
    ...order.productDetails.map((item) => `${item.quantity} × ${item.name} @ ${rupees(item.price)} = ${rupees(item.price * item.quantity)}`),
    `${shippingName}: ${formatRupees(shipping)}`,
    `${cod ? "To pay on delivery" : "Total paid"}: ${rupees(order.total_amount)}`,
    "",
    ...(address.length > 0 ? ["Delivery address", ...address, ""] : []),
    cod ? "Your tax invoice comes with the parcel, when it ships." : `Your tax invoice: ${invoiceUrl}`,
    `My Orders: ${ordersUrl}`,
  ].join("\n");
  const mail = createElement(OrderConfirmationMail, { title: subject, number, lines, shippingName, shipping: formatRupees(shipping), total: rupees(order.total_amount), address, ordersUrl, invoiceUrl, confirmUrl });
  return renderMail(subject, mail, text);
}
