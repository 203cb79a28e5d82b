import { cartLineBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { removeCartLine } from "@/lib/server/shop-lists/shop-lists";

// POST /api/delete-cart-product {cartProductId} — docs/PRODUCT.md §7.2: removes the caller's line.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { cartProductId } = await readBody(request, cartLineBodySchema);
  return ok(await removeCartLine(user.id, cartProductId), "Product removed from cart");
});
