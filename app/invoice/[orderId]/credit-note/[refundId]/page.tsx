import type { Metadata } from "next";
import { Suspense } from "react";
import { DocumentPage, DocumentSkeleton } from "@/components/billing/document-page";

export const metadata: Metadata = { title: "Credit note", robots: { index: false } };

type Params = Promise<{ orderId: string; refundId: string }>;

// A refund's credit note as a printable page, with its PDF to download: the order's owner and admins only.
export default function CreditNotePage({ params }: { params: Params }) {
  return (
    <Suspense fallback={<DocumentSkeleton label="Loading the credit note" />}>
      <CreditNote params={params} />
    </Suspense>
  );
}

async function CreditNote({ params }: { params: Params }) {
  const { orderId, refundId } = await params;
  return <DocumentPage orderId={orderId} refundId={refundId} path={`/invoice/${orderId}/credit-note/${refundId}`} />;
}
