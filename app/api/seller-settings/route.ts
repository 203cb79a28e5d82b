import { sellerSettingsSchema } from "@/lib/schemas";
import { requireAdmin, requireAdminWrite } from "@/lib/server/accounts/auth";
import { issueDueCreditNotes } from "@/lib/server/billing/credit-notes";
import { issueDueInvoices } from "@/lib/server/billing/invoices";
import { readSeller, saveSeller, sellerChanges } from "@/lib/server/billing/seller";
import { afterResponse } from "@/lib/server/platform/after-response";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// GET /api/seller-settings, PUT /api/seller-settings {details} — admins only, beyond the spec: the
// seller's details that invoices and the grievance page name (lib/billing/seller.ts), what is
// still missing, and the last changes with who made them.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const [seller, changes] = await Promise.all([readSeller(), sellerChanges()]);
  return ok({ ...seller, changes }, "Seller details");
});

export const PUT = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const details = await readBody(request, sellerSettingsSchema);
  const saved = await saveSeller(details, admin.id);
  // Complete now: the orders that waited for the details get their invoices, oldest first.
  if (saved.missing.length === 0) afterResponse("invoice", () => issueDueInvoices().then(() => issueDueCreditNotes()));
  return ok(saved, saved.changed.length === 0 ? "Nothing changed" : "Seller details saved");
});
