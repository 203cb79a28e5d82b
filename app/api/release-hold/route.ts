import { releaseHoldSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { releaseHoldAsAdmin } from "@/lib/server/orders/admin-holds";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/release-hold {checkoutId} — admins only, beyond the spec: ends an open checkout now
// (its Stripe session expired, its units back on sale); 409 when it was paid or ended meanwhile.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { checkoutId } = await readBody(request, releaseHoldSchema);
  await releaseHoldAsAdmin(checkoutId);
  return ok({ released: true }, "Hold released: its units are on sale again");
});
