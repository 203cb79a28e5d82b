import { returnRequestBodySchema } from "@/lib/orders/refund-account";
import { requireShopper } from "@/lib/server/accounts/auth";
import { toPublicReturn } from "@/lib/server/orders/orders";
import { requestReturn } from "@/lib/server/orders/returns";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/request-return {orderId, lines: [{orderItemId, quantity}], reason, note?, photos?} —
// shoppers, beyond the spec: a return of units of their own delivered order, inside its returns
// window (404 for another's order; 409 when it is not delivered, the window has closed, a
// request is open already, or a line has fewer units left than asked). The parcel is picked up
// from the order's delivery address. A cash-on-delivery order's return also says where the money
// goes (refundAccount: {kind: "upi", upiId} or {kind: "bank", holder, accountNumber, ifsc}; 400 without).
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { orderId, lines, reason, note, photos, refundAccount } = await readBody(request, returnRequestBodySchema);
  await throttle("checkout", request, user.id);
  const created = await requestReturn(orderId, user.id, { lines, reason, note, photos, refundAccount });
  return ok(toPublicReturn(created), "Return requested");
});
