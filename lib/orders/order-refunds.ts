import { rupeesToPaise } from "@/lib/shared/money";
import type { PublicOrder } from "@/lib/server/orders/types";

// What is still refundable on an order, as the admin's order page shows and offers it
// (client-safe). Sums in paise (docs/ENGINEERING.md §4); the server's refundOrder checks the same
// rules again in the transaction that records the refund.

type Line = PublicOrder["productDetails"][number];

/** Units of a line not yet refunded (a failed refund's units count as free again, as the server frees them). */
export const refundableUnits = (line: Line): number => Math.max(0, line.quantity - line.refunded_quantity);

/** Paise still to give back: what was paid less every refund that has not failed. */
export function refundableLeftPaise(order: Pick<PublicOrder, "total_amount" | "refunds">): number {
  const taken = order.refunds.filter((refund) => refund.status !== "FAILED").reduce((sum, refund) => sum + rupeesToPaise(refund.amount), 0);
  return Math.max(0, rupeesToPaise(order.total_amount) - taken);
}

/** Paise that refunding `quantities` (line id → units) comes to, at the lines' snapshot prices. */
export function linesRefundPaise(order: Pick<PublicOrder, "productDetails">, quantities: Readonly<Record<string, number>>): number {
  return order.productDetails.reduce((sum, line) => sum + rupeesToPaise(line.price) * (quantities[line._id] ?? 0), 0);
}

/** The order's shipping, in paise (shipping options carry paise already). */
export const shippingPaise = (order: Pick<PublicOrder, "shipping_options">): number => order.shipping_options.reduce((sum, option) => sum + option.shipping_amount, 0);
