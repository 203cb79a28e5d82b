import { recordCashSchema } from "@/lib/orders/place-order";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { recordCashReceived } from "@/lib/server/orders/cash-on-delivery";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { rupeesToPaise } from "@/lib/shared/money";

// POST /api/record-cash {orderId, amount, receivedOn, reference} — admins only, beyond the spec:
// the cash the courier handed over for a delivered cash-on-delivery order (rupees); the order's
// payment becomes paid. 409 for a card order, one not delivered, or cash recorded already.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { orderId, amount, receivedOn, reference } = await readBody(request, recordCashSchema);
  const order = await recordCashReceived(orderId, { kind: "admin", userId: admin.id }, { amount: rupeesToPaise(amount), receivedOn: new Date(`${receivedOn}T00:00:00+05:30`), reference });
  return ok({ _id: order.id, status: order.status, payment_status: order.paymentStatus }, "Cash recorded: the order is paid");
});
