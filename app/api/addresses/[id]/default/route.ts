import { requireShopper } from "@/lib/server/accounts/auth";
import { setDefaultAddress } from "@/lib/server/delivery/addresses";
import { handle, ok } from "@/lib/server/platform/http";

// POST /api/addresses/{id}/default — beyond the spec: makes one of the caller's addresses the
// default (the one the checkout chooses first).
export const POST = handle<{ params: Promise<{ id: string }> }>(async (request, context) => {
  const user = await requireShopper(request);
  const { id } = await context.params;
  return ok(await setDefaultAddress(user.id, id), "Default address changed");
});
