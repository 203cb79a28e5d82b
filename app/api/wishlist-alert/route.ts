import { wishlistAlertSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { setWishlistAlert } from "@/lib/server/shop-lists/wishlist-alerts";

// POST /api/wishlist-alert {productId, price?, stock?} (beyond the spec): turns a wishlisted
// product's price-drop and back-in-stock alerts on or off; turning one on adds the product to the
// wishlist when it is not there (201 then).
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId, price, stock } = await readBody(request, wishlistAlertSchema);
  const { alert, added } = await setWishlistAlert(user.id, productId, { price, stock });
  const on = [alert.priceAlert && "price drop", alert.stockAlert && "back in stock"].filter(Boolean).join(" and ");
  const message = on ? `We will email you about ${alert.product.productName}: ${on}` : `Alerts are off for ${alert.product.productName}`;
  return ok(alert, added ? `${message}. Added to your wishlist.` : message, { status: added ? 201 : 200 });
});
