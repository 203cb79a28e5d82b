import { refundOrderSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { refundOrder } from "@/lib/server/orders/refunds";
import { toPublicRefund } from "@/lib/server/orders/orders";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/refund-order {orderId, lines: [{orderItemId, quantity}] | all: true, restock, reason?,
// outsideWindow?, expectedAmount?, reference?} — admins only, beyond the spec: refunds lines of a paid order at their snapshot
// prices (or everything left, shipping included) through Stripe (`amount` in the answer in
// rupees). 409 when a line was refunded already, the refunds would pass what was paid, or a
// delivered order's returns window has closed and outsideWindow is not set, or the refund comes
// to another amount than the expectedAmount (rupees) the admin confirmed. A cash-on-delivery order
// (once delivered: 409 before) is refunded by bank transfer or UPI outside the store: the refund is
// recorded to pay (PENDING) and counts once its payment is recorded (/api/record-refund), or at
// once with the payment's `reference` (400 for a card refund).
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId, lines, restock, reason, outsideWindow, expectedAmount, reference } = await readBody(request, refundOrderSchema);
  const refund = await refundOrder(orderId, { kind: "admin", userId: admin.id }, { lines: lines ?? "whole", restock, reason, outsideWindow, expectedAmount, reference });
  return ok(toPublicRefund(refund, true), refund.reference ? "Refund recorded as paid" : refund.status === "PENDING" && !refund.stripeRefundId ? "Refund recorded" : "Refund sent");
});
