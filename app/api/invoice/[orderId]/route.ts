import { requireUser } from "@/lib/server/accounts/auth";
import { documentAnswer } from "@/lib/server/billing/document-answer";
import { documentViewer, findOrderDocument } from "@/lib/server/billing/tax-documents";
import { isRowId } from "@/lib/server/catalog/catalog";
import { handle, notFound } from "@/lib/server/platform/http";

// GET /api/invoice/{orderId}[?format=json][&download=1] — beyond the spec: the order's tax invoice
// (or bill of supply) as a PDF, or as JSON with ?format=json. Only the order's owner and admins;
// anyone else, like an order with no invoice yet, gets a 404.
export const GET = handle<{ params: Promise<{ orderId: string }> }>(async (request, context) => {
  const user = await requireUser(request);
  const { orderId } = await context.params;
  const viewer = documentViewer(user);
  const document = isRowId(orderId) ? await findOrderDocument(orderId, viewer) : null;
  if (!document) throw notFound("This order has no invoice yet.");
  return documentAnswer(request, document, "Invoice");
});
