import { handle, ok, requireCronSecret } from "@/lib/server/platform/http";
import { sweepExpiredCheckouts } from "@/lib/server/orders/orders";
import { pruneFacetChanges } from "@/lib/server/catalog/facet-index";

// GET /api/cron/release-holds — for platforms whose instances sleep between requests (Vercel): a
// scheduled call gives back the units of checkouts past their expiry (each server process also
// does it once a minute). Answers 404 unless CRON_SECRET is set; the caller sends
// `Authorization: Bearer <CRON_SECRET>` (as Vercel Cron does).
export const GET = handle(async (request) => {
  requireCronSecret(request);
  // And the filters' old change notes (lib/server/catalog/facet-index.ts).
  return ok({ released: await sweepExpiredCheckouts(), prunedFacetChanges: await pruneFacetChanges() }, "Expired holds released");
});
