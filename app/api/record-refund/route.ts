import { manualRefundSchema } from "@/lib/orders/refund-account";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { toPublicRefund } from "@/lib/server/orders/orders";
import { recordManualRefund } from "@/lib/server/orders/refunds";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/record-refund {refundId, reference} — admins only, beyond the spec: the admin paid a
// cash-on-delivery order's refund by bank transfer or UPI (to the account the shopper gave) and
// records the payment's reference; the refund counts from now, with its credit note. 404 for an
// unknown refund; 409 for a card refund (the store sends those) or one recorded already.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { refundId, reference } = await readBody(request, manualRefundSchema);
  const refund = await recordManualRefund(refundId, reference, { kind: "admin", userId: admin.id });
  return ok(toPublicRefund(refund, true), "Refund recorded as paid");
});
