import { approveReturnSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { toPublicReturn } from "@/lib/server/orders/orders";
import { approveReturn } from "@/lib/server/orders/returns";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/approve-return {returnId, pickupDate: "YYYY-MM-DD"} — admins only, beyond the spec: a
// requested return is approved with the day of its pickup (the shopper is mailed). 409 when it
// was answered already or its order moved on (refunded meanwhile).
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { returnId, pickupDate } = await readBody(request, approveReturnSchema);
  return ok(toPublicReturn(await approveReturn(returnId, { kind: "admin", userId: admin.id }, pickupDate)), "Return approved");
});
