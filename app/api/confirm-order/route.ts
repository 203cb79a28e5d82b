import { orderIdBodySchema } from "@/lib/schemas";
import { requireAdminWrite, requireUser } from "@/lib/server/accounts/auth";
import { confirmCodOrder } from "@/lib/server/orders/cash-on-delivery";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/confirm-order {orderId} — beyond the spec: a cash-on-delivery order confirmed before
// dispatch, by its shopper ("Confirm my order" in My Orders, where the confirmation mail's link
// leads) or by an admin after a call. A shopper confirms only their own (another's is a 404).
export const POST = handle(async (request) => {
  const user = await requireUser(request);
  // An admin's confirmation is one of the admin's writes (throttled as the others).
  if (user.role === "ADMIN") await requireAdminWrite(request);
  const { orderId } = await readBody(request, orderIdBodySchema);
  const { confirmed, order } = await confirmCodOrder(orderId, { kind: user.role === "ADMIN" ? "admin" : "shopper", userId: user.id });
  return ok(order, confirmed ? "Order confirmed: we will send it soon" : "This order was confirmed already");
});
