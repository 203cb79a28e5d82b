import { orderIdBodySchema } from "@/lib/schemas";
import { requireUser } from "@/lib/server/accounts/auth";
import { cancelOrder } from "@/lib/server/orders/refunds";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/cancel-order {orderId, note?, expectedAmount?} — beyond the spec: a paid order that
// has not shipped is cancelled and refunded in full (shipping included, its units back in stock).
// A shopper may cancel only their own order (another's is a 404); an admin any. 409 once it has
// shipped, or when the refund would come to another amount than the expectedAmount (rupees) the
// caller confirmed (nothing changes then). A refund Stripe did not take does not undo the
// cancellation: its state is in the answer.
export const POST = handle(async (request) => {
  const user = await requireUser(request);
  const { orderId, note, expectedAmount } = await readBody(request, orderIdBodySchema);
  await throttle(user.role === "ADMIN" ? "adminWrite" : "checkout", request, user.id);
  const { order, refund } = await cancelOrder(orderId, { kind: user.role === "ADMIN" ? "admin" : "shopper", userId: user.id }, note, new Date(), expectedAmount);
  // Cancelled whatever Stripe said; the message says where the money is.
  const shopper = user.role !== "ADMIN";
  const message =
    refund?.status === "PENDING"
      ? `Order cancelled. The payment service is not answering: ${shopper ? "your" : "the"} refund is recorded and will be sent as soon as it does.`
      : refund?.status === "FAILED"
        ? shopper
          ? "Order cancelled. The payment service refused the refund: the store has been told and will refund you."
          : "Order cancelled, but the payment service refused the refund: see the order's refunds and refund it again."
        : "Order cancelled";
  return ok({ _id: order.id, status: order.status, refund: refund ? { _id: refund.id, amount: refund.amount / 100, status: refund.status } : null }, message);
});
