import { rupeesToPaise } from "@/lib/shared/money";
import type { PublicOrder } from "../server/orders/types";

// The "Payment status" an order card shows (client-safe). Stripe's status stays "paid" after a
// refund; a cancelled or refunded order must not read "Paid" above "Refunded ₹…" (issue 35).

const STATUS_NAMES: Record<string, string> = { paid: "Paid", unpaid: "Awaiting payment", no_payment_required: "No payment required" };

/** "Refunded" when every rupee paid came back, "Partly refunded" when some did, else Stripe's status in words. */
export function orderPaymentStatus(order: Pick<PublicOrder, "total_amount" | "refunded_amount" | "paymentDetails">): string {
  const refunded = rupeesToPaise(order.refunded_amount);
  if (refunded > 0 && refunded >= rupeesToPaise(order.total_amount)) return "Refunded";
  if (refunded > 0) return "Partly refunded";
  const status = order.paymentDetails.payment_status;
  return STATUS_NAMES[status] ?? status;
}
