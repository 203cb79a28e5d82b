import { orderIdBodySchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { markDelivered } from "@/lib/server/orders/lifecycle";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/deliver-order {orderId, note?} — admins only, beyond the spec: a shipped order is
// delivered (409 when it has not shipped, or is past that).
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId, note } = await readBody(request, orderIdBodySchema);
  const order = await markDelivered(orderId, { kind: "admin", userId: admin.id }, new Date(), note);
  return ok({ _id: order.id, status: order.status }, "Order marked delivered");
});
