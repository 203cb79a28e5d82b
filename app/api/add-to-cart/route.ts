import { productIdBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { addToCart } from "@/lib/server/shop-lists/shop-lists";

// POST /api/add-to-cart {productId} — docs/PRODUCT.md §7.2: a new line with quantity 1, or one more on the
// line already there (and the message says so).
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId } = await readBody(request, productIdBodySchema);
  const { line, added } = await addToCart(user.id, productId);
  return ok(line, added ? "Product added to cart" : `Product already in cart: quantity raised to ${line.quantity}`, { status: added ? 201 : 200 });
});
