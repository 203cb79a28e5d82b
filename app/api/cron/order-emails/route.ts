import { handle, ok, requireCronSecret } from "@/lib/server/platform/http";
import { sendPendingOrderEmails } from "@/lib/server/orders/orders";
import { sendPendingStepEmails } from "@/lib/server/orders/step-email";
import { sendDueAlerts } from "@/lib/server/shop-lists/alerts";
import { sendDueReviewRequests } from "@/lib/server/reviews/review-requests";

// GET /api/cron/order-emails — for platforms whose instances sleep between requests (Vercel):
// a scheduled call retries the order confirmations (and the mails about later steps) that did not go out, and sends the review requests due. Answers 404 unless
// CRON_SECRET is set; the caller sends `Authorization: Bearer <CRON_SECRET>` (as Vercel Cron does).
const BATCH = 50;
/** The wishlist alerts claim no new batch after this long, so the call ends within a platform's time limit. */
const ALERTS_BUDGET_MS = 40_000;

export const GET = handle(async (request) => {
  requireCronSecret(request);
  const sent = await sendPendingOrderEmails(BATCH);
  // The mails about shipped, delivered, cancelled and refunded orders, too.
  const steps = await sendPendingStepEmails({ limit: BATCH });
  // And the review requests due a few days after delivery.
  const reviewRequests = await sendDueReviewRequests({ limit: BATCH });
  // And the wishlist alerts due (the rest, past the budget, on the next call).
  const alerts = await sendDueAlerts({ deadline: Date.now() + ALERTS_BUDGET_MS });
  return ok({ sent, steps, reviewRequests, alerts }, "Pending order emails retried");
});
