import { requireShopper } from "@/lib/server/accounts/auth";
import { forbidden, handle, ok } from "@/lib/server/platform/http";
import { listCart } from "@/lib/server/shop-lists/shop-lists";

// GET /api/count-cart-product/{userId} — docs/PRODUCT.md §7.2: the caller's cart lines with the product
// populated (the count is the list's length). Another user's id is refused with 403.
export const GET = handle<{ params: Promise<{ userId: string }> }>(async (request, context) => {
  const user = await requireShopper(request);
  const { userId } = await context.params;
  if (userId !== user.id) throw forbidden("You can only see your own cart.");
  return ok(await listCart(user.id), "Cart products");
});
