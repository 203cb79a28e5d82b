import Link from "next/link";
import type { PublicOrder } from "@/lib/server/orders/types";

/** Where an order's tax documents are seen (components/billing/document-page.tsx). */
export const invoicePath = (orderId: string) => `/invoice/${orderId}`;
export const creditNotePath = (orderId: string, refundId: string) => `/invoice/${orderId}/credit-note/${refundId}`;

/**
 * An order's tax invoice and its credit notes, each a link to its page (which offers the PDF).
 * Nothing for an order recorded before GST billing; "being prepared" in the minute before its
 * invoice is issued. No hooks: My Orders, the success page and the admin's order page use it.
 */
export function OrderDocuments({ order, className = "" }: { order: Pick<PublicOrder, "_id" | "invoice" | "refunds" | "createdAt"> & { cod?: PublicOrder["cod"] }; className?: string }) {
  const creditNotes = order.refunds.flatMap((refund) => (refund.credit_note ? [{ refundId: refund._id, number: refund.credit_note.number }] : []));
  // A parcel that came back undelivered: its credit note is addressed by the order's id.
  if (order.cod?.credit_note) creditNotes.push({ refundId: order._id, number: order.cod.credit_note.number });
  if (!order.invoice && creditNotes.length === 0) return null;
  return (
    <div className={`text-sm ${className}`} data-testid="order-documents">
      <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Tax documents">
        {order.invoice && (
          <li>
            <Link href={invoicePath(order._id)} className="font-medium text-brand-700 underline underline-offset-2">
              {order.invoice.kind === "BILL_OF_SUPPLY" ? "Bill of supply" : "Tax invoice"} {order.invoice.number}
            </Link>
          </li>
        )}
        {creditNotes.map((note) => (
          <li key={note.refundId}>
            <Link href={creditNotePath(order._id, note.refundId)} className="font-medium text-brand-700 underline underline-offset-2">
              Credit note {note.number}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
