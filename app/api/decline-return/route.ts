import { declineReturnSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { toPublicReturn } from "@/lib/server/orders/orders";
import { declineReturn } from "@/lib/server/orders/returns";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/decline-return {returnId, reason} — admins only, beyond the spec: a requested or
// approved return is declined, with the reason the shopper is mailed. 409 when it was received
// or declined already, or its order moved on.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { returnId, reason } = await readBody(request, declineReturnSchema);
  return ok(toPublicReturn(await declineReturn(returnId, { kind: "admin", userId: admin.id }, reason)), "Return declined");
});
