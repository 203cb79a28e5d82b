import { businessDetailsSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { readBusinessDetails, saveBusinessDetails } from "@/lib/server/accounts/business-details";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// GET /api/business-details, PUT /api/business-details {gstin, legalName} — the caller's own,
// beyond the spec: the GSTIN and legal name their next orders' tax invoices name (B2B); both null
// to buy as a person again. Shoppers only (an admin's account does not buy).
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok(await readBusinessDetails(user.id), "Business details");
});

export const PUT = handle(async (request) => {
  const user = await requireShopper(request);
  const details = await readBody(request, businessDetailsSchema);
  const saved = await saveBusinessDetails(user.id, details);
  return ok(saved, saved.gstin ? "Business details saved: your next orders' invoices will name your business" : "Business details removed");
});
