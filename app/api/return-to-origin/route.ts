import { orderIdBodySchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { markReturnedToOrigin } from "@/lib/server/orders/cash-on-delivery";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/return-to-origin {orderId, note?} — admins only, beyond the spec: the courier brought
// a shipped cash-on-delivery parcel back undelivered (409 otherwise). No money moves.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId, note } = await readBody(request, orderIdBodySchema);
  const order = await markReturnedToOrigin(orderId, { kind: "admin", userId: admin.id }, note ?? null);
  return ok({ _id: order.id, status: order.status }, "Order marked returned undelivered");
});
