import { handle, ok, requireCronSecret } from "@/lib/server/platform/http";
import { sendPendingOrderEmails } from "@/lib/server/orders/orders";
import { sendPendingStepEmails } from "@/lib/server/orders/step-email";

// GET /api/cron/order-emails — for platforms whose instances sleep between requests (Vercel):
// a scheduled call retries the order confirmations (and the mails about later steps) that did not go out. Answers 404 unless
// CRON_SECRET is set; the caller sends `Authorization: Bearer <CRON_SECRET>` (as Vercel Cron does).
const BATCH = 50;

export const GET = handle(async (request) => {
  requireCronSecret(request);
  const sent = await sendPendingOrderEmails(BATCH);
  // The mails about shipped, delivered, cancelled and refunded orders, too.
  const steps = await sendPendingStepEmails({ limit: BATCH });
  return ok({ sent, steps }, "Pending order emails retried");
});
