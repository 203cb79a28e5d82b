import { wishlistLineBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { removeWishlistLine } from "@/lib/server/shop-lists/shop-lists";

// POST /api/delete-wishlist-product {wishlistId} — docs/PRODUCT.md §7.2: removes the caller's line.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { wishlistId } = await readBody(request, wishlistLineBodySchema);
  return ok(await removeWishlistLine(user.id, wishlistId), "Product removed from wishlist");
});
