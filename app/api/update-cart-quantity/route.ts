import { cartQuantitySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { setCartQuantity } from "@/lib/server/shop-lists/shop-lists";

// POST /api/update-cart-quantity {productId: <cart line id>, quantity} — docs/PRODUCT.md §7.2. Quantity is a
// whole number from 1 to 99; anything else is a 400 and nothing changes.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId: lineId, quantity } = await readBody(request, cartQuantitySchema);
  return ok(await setCartQuantity(user.id, lineId, quantity), "Quantity updated");
});
