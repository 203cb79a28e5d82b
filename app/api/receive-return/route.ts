import { returnIdBodySchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { toPublicRefund, toPublicReturn } from "@/lib/server/orders/orders";
import { receiveReturn } from "@/lib/server/orders/returns";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/receive-return {returnId} — admins only, beyond the spec: an approved return's parcel
// is back; its units are refunded at their snapshot prices through the refund rules (restocked
// unless damaged; shipping too when the whole order came back for a fault). 409 when the return
// is not approved, or its units were refunded meanwhile. The answer carries the refund's state.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { returnId } = await readBody(request, returnIdBodySchema);
  const { request: received, refund, manual } = await receiveReturn(returnId, { kind: "admin", userId: admin.id });
  return ok({ ...toPublicReturn(received), refund: toPublicRefund(refund, true) }, receivedMessage(refund, manual));
});

function receivedMessage(refund: { status: string }, cash: boolean): string {
  if (refund.status === "SUCCEEDED") return "Return received and refunded";
  return cash ? "Return received: pay the refund by bank transfer or UPI, then record its reference" : "Return received; the refund is recorded and will be sent";
}
