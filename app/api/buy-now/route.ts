import { productIdBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { startBuyNow } from "@/lib/server/orders/checkout";
import { handle, okWith, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/buy-now {productId} — beyond the spec: a checkout for one of the product, outside the
// cart (the cart is left as it was). Answers as POST /api/checkout does: the session id as `id`,
// and `data: { id, url }`, Stripe's hosted payment page. 409 when the product is out of stock or
// no longer sold.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId } = await readBody(request, productIdBodySchema);
  await throttle("checkout", request, user.id);
  const { sessionId, url } = await startBuyNow(user, productId, request.headers.get("origin"));
  return okWith({ id: sessionId, data: { id: sessionId, url } }, "Checkout session created");
});
