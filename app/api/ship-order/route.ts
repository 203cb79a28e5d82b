import { shipOrderSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { shipOrder } from "@/lib/server/orders/lifecycle";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/ship-order {orderId, carrier, otherCarrier?, trackingNumber, trackingUrl?, note?} —
// admins only, beyond the spec: a paid order is shipped (409 when it is not paid and unshipped,
// saying what it is instead).
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId, carrier, otherCarrier, trackingNumber, trackingUrl, note } = await readBody(request, shipOrderSchema);
  const order = await shipOrder(orderId, { kind: "admin", userId: admin.id }, { carrier: carrier === "Other" ? otherCarrier! : carrier, trackingNumber, trackingUrl: trackingUrl || null, note });
  return ok({ _id: order.id, status: order.status, carrier: order.carrier, trackingNumber: order.trackingNumber, trackingUrl: order.trackingUrl }, "Order marked shipped");
});
