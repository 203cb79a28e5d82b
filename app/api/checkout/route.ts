import { CHECKOUT_BODY_MAX_BYTES } from "@/lib/constants";
import { checkoutSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { startCheckout } from "@/lib/server/orders/checkout";
import { handle, okWith, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/checkout {cartItems} — docs/PRODUCT.md §7.2: opens a Stripe Checkout Session for the caller's own
// cart lines named in cartItems (only their ids are read; prices and quantities come from the
// database). Answers the spec's top-level `id` (the session id) and `data: { id, url }`; the
// browser goes to `url`, Stripe's hosted payment page. From an ALLOWED_ORIGINS origin, Stripe
// returns the shopper to that origin's /success and /cancel; from anywhere else, to the store's.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  // A client written against the spec may send whole cart lines (with their products): 1 MB.
  const { cartItems } = await readBody(request, checkoutSchema, CHECKOUT_BODY_MAX_BYTES);
  await throttle("checkout", request, user.id);
  // A client on a listed origin gets its shopper back on its own pages (checked there, never trusted as sent).
  const { sessionId, url } = await startCheckout(user, cartItems, request.headers.get("origin"));
  return okWith({ id: sessionId, data: { id: sessionId, url } }, "Checkout session created");
});
