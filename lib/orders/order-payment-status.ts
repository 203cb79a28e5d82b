import { rupeesToPaise } from "@/lib/shared/money";
import type { PublicOrder } from "../server/orders/types";

// The "Payment status" an order card shows (client-safe). Stripe's status stays "paid" after a
// refund; a cancelled or refunded order must not read "Paid" above "Refunded ₹…" (issue 35).

const STATUS_NAMES: Record<string, string> = { paid: "Paid", unpaid: "Awaiting payment", no_payment_required: "No payment required" };

/**
 * A cash-on-delivery order's payment state: to collect until delivered, collected by the courier
 * once delivered, paid when the store has the cash; nothing to pay once cancelled or returned.
 */
function cashOnDeliveryStatus(order: Pick<PublicOrder, "status" | "paymentDetails">): string {
  if (order.paymentDetails.payment_status === "paid") return "Paid";
  if (order.status === "CANCELLED" || order.status === "RETURNED_TO_ORIGIN") return "Nothing to pay";
  if (order.status === "DELIVERED") return "Collected on delivery";
  return "To pay on delivery";
}

/** "Refunded" when every rupee paid came back, "Partly refunded" when some did, else Stripe's status in words. */
export function orderPaymentStatus(order: Pick<PublicOrder, "total_amount" | "refunded_amount" | "paymentDetails"> & { status?: string }): string {
  const refunded = rupeesToPaise(order.refunded_amount);
  if (order.paymentDetails.payment_method_type.includes("cod") && refunded === 0) return cashOnDeliveryStatus({ status: order.status ?? "", paymentDetails: order.paymentDetails });
  if (refunded > 0 && refunded >= rupeesToPaise(order.total_amount)) return "Refunded";
  if (refunded > 0) return "Partly refunded";
  const status = order.paymentDetails.payment_status;
  return STATUS_NAMES[status] ?? status;
}
