import { cancelCheckoutSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { cancelCheckout } from "@/lib/server/orders/checkout";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/checkout/cancel {checkoutId} — beyond the spec: the shopper left Stripe's payment page
// (the /cancel page calls this). The session is expired at Stripe, then the units it held go
// back. Only the caller's own checkout (404 otherwise); a repeat changes nothing.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { checkoutId } = await readBody(request, cancelCheckoutSchema);
  const released = await cancelCheckout(user.id, checkoutId);
  return ok({ released }, released ? "Checkout cancelled: its items are available again" : "Nothing to cancel");
});
