import { requireUser } from "@/lib/server/accounts/auth";
import { documentAnswer } from "@/lib/server/billing/document-answer";
import { documentViewer, findCreditNote } from "@/lib/server/billing/tax-documents";
import { isRowId } from "@/lib/server/catalog/catalog";
import { handle, notFound } from "@/lib/server/platform/http";

// GET /api/credit-note/{refundId}[?format=json][&download=1] — beyond the spec: a refund's credit
// note as a PDF, or as JSON with ?format=json; given an order's id, the credit note of its parcel
// returned undelivered (it has no refund). Only the order's owner and admins; anyone else, like a
// refund with no credit note, gets a 404.
export const GET = handle<{ params: Promise<{ refundId: string }> }>(async (request, context) => {
  const user = await requireUser(request);
  const { refundId } = await context.params;
  const viewer = documentViewer(user);
  const document = isRowId(refundId) ? await findCreditNote(refundId, viewer) : null;
  if (!document) throw notFound("This refund has no credit note.");
  return documentAnswer(request, document, "Credit note");
});
