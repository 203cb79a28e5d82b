import { openHoldsQuerySchema } from "@/lib/schemas";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { listOpenHolds } from "@/lib/server/orders/admin-holds";
import { handle, ok, readQuery } from "@/lib/server/platform/http";

// GET /api/open-holds?productId= | ?orderId= — admins only, beyond the spec: the open checkouts
// holding a product (or any product of an order), oldest first, for the release below.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  return ok(await listOpenHolds(readQuery(request, openHoldsQuerySchema)), "Open holds");
});
