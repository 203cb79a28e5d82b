import { orderIdBodySchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { receiveReturnedParcel } from "@/lib/server/orders/cash-on-delivery";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/receive-rto {orderId} — admins only, beyond the spec: the parcel that came back
// undelivered is in; its units go back to stock, once (409 after that).
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId } = await readBody(request, orderIdBodySchema);
  const order = await receiveReturnedParcel(orderId, { kind: "admin", userId: admin.id });
  return ok({ _id: order.id, status: order.status }, "Parcel received: its units are back in stock");
});
