import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { listWishlist } from "@/lib/server/shop-lists/shop-lists";

// GET /api/get-wishlist — docs/PRODUCT.md §7.2: the caller's lines, newest first, product populated.
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok(await listWishlist(user.id), "Wishlist products");
});
