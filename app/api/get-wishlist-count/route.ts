import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { countWishlist } from "@/lib/server/shop-lists/shop-lists";

// GET /api/get-wishlist-count — docs/PRODUCT.md §7.2: `data.count`.
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok({ count: await countWishlist(user.id) }, "Wishlist count");
});
