import { productIdBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { addToWishlist } from "@/lib/server/shop-lists/shop-lists";

// POST /api/add-to-wishlist {productId} — docs/PRODUCT.md §7.2. Adding twice keeps one line and says so.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId } = await readBody(request, productIdBodySchema);
  const { line, added } = await addToWishlist(user.id, productId);
  return ok(line, added ? "Product added to wishlist" : "Product is already in your wishlist", { status: added ? 201 : 200 });
});
