import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { connection } from "next/server";
import { documentFileName } from "@/lib/billing/tax-document";
import { orderNumber } from "@/lib/orders/order-number";
import { RETURN_PARAM } from "@/lib/accounts/return-path";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { documentViewer, findOrderDocument } from "@/lib/server/billing/tax-documents";
import { isRowId } from "@/lib/server/catalog/catalog";
import { findOrder } from "@/lib/server/orders/orders";
import { PrintButton } from "./print-button";
import { TaxDocumentSheet } from "./tax-document-sheet";

const LINK = "rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700";

/**
 * An order's invoice (or a refund's credit note) for its owner or an admin, read at request time.
 * A visitor not signed in is sent to sign in and back; anyone else, like an unknown order, gets a
 * 404. An order whose invoice is not issued yet says so.
 */
export async function DocumentPage({ orderId, refundId, path }: { orderId: string; refundId?: string; path: string }) {
  await connection();
  const user = await getSessionUser();
  if (!user) redirect(`/signin?${RETURN_PARAM}=${encodeURIComponent(path)}`);
  if (!isRowId(orderId) || (refundId !== undefined && !isRowId(refundId))) notFound();
  const admin = user.role === "ADMIN";
  const viewer = documentViewer(user);
  const document = await findOrderDocument(orderId, viewer, refundId);
  const backHref = admin ? `/admin-panel/orders/${orderId}` : "/user-panel/my-orders";
  const backLabel = admin ? "Back to the order" : "My Orders";
  if (!document) {
    const order = await findOrder(orderId, viewer);
    if (!order) notFound();
    return (
      <div className="mx-auto max-w-2xl px-4 py-10 text-center">
        <h1 className="text-2xl font-bold">{refundId ? "Credit note" : "Tax invoice"} for order {orderNumber(order._id)}</h1>
        <p className="mt-3 text-slate-700" role="status">
          {refundId
            ? "This refund has no credit note: the order's invoice was not issued when it was made, or the refund has not gone through."
            : "Your invoice is being prepared. It is issued within a few minutes of payment; look again shortly."}
        </p>
        <p className="mt-6">
          <Link href={backHref} className={LINK}>
            {backLabel}
          </Link>
        </p>
      </div>
    );
  }
  const pdfHref = refundId ? `/api/credit-note/${refundId}?download=1` : `/api/invoice/${orderId}?download=1`;
  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-6 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link href={backHref} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← {backLabel}
        </Link>
        <div className="flex flex-wrap gap-2">
          <PrintButton />
          <a href={pdfHref} download={documentFileName(document.number)} className={LINK}>
            Download PDF
          </a>
        </div>
      </div>
      <TaxDocumentSheet document={document} />
    </div>
  );
}

/** The document's page while it loads: the toolbar's place and the sheet's. */
export function DocumentSkeleton({ label }: { label: string }) {
  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-6" role="status" aria-busy="true" aria-label={label}>
      <div className="mb-4 flex justify-between">
        <div className="h-5 w-28 animate-pulse rounded bg-slate-100" />
        <div className="h-9 w-48 animate-pulse rounded-full bg-slate-100" />
      </div>
      <div className="h-[40rem] animate-pulse rounded-2xl bg-slate-100" />
    </div>
  );
}
