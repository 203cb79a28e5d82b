import { CHECKOUT_BODY_MAX_BYTES } from "@/lib/constants";
import { placeOrderSchema } from "@/lib/orders/place-order";
import { requireShopper } from "@/lib/server/accounts/auth";
import { placeOrder } from "@/lib/server/orders/place-order";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/place-order {cartItems | productId, addressId | address, saveAddress, paymentMethod,
// business} — beyond the spec: the store's own checkout page. Card answers the Stripe session
// (`data.url`, the hosted page, which asks no address: the chosen one goes with the payment);
// cash on delivery answers the order, placed (201). The spec's POST /api/checkout stays as it was.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const input = await readBody(request, placeOrderSchema, CHECKOUT_BODY_MAX_BYTES);
  await throttle("checkout", request, user.id);
  const placed = await placeOrder(user, input, request.headers.get("origin"));
  if (placed.kind === "card") return ok({ paymentMethod: "card", id: placed.sessionId, url: placed.url, checkoutId: placed.checkoutId, warnings: placed.warnings }, "Checkout session created");
  return ok({ paymentMethod: "cod", order: placed.order, warnings: placed.warnings }, "Order placed: pay on delivery", { status: 201 });
});
