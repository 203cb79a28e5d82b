import { orderIdBodySchema } from "@/lib/schemas";
import { requireUser } from "@/lib/server/accounts/auth";
import { cancelOrder, cancellationMessage } from "@/lib/server/orders/refunds";
import { toPublicRefund } from "@/lib/server/orders/orders";
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
  const shopper = user.role !== "ADMIN";
  await throttle(shopper ? "checkout" : "adminWrite", request, user.id);
  const { order, refund } = await cancelOrder(orderId, { kind: shopper ? "shopper" : "admin", userId: user.id }, note, new Date(), expectedAmount);
  return ok({ _id: order.id, status: order.status, refund: refund ? toPublicRefund(refund, !shopper) : null }, cancellationMessage(refund, shopper));
});
