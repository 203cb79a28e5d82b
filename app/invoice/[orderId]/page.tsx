import type { Metadata } from "next";
import { Suspense } from "react";
import { DocumentPage, DocumentSkeleton } from "@/components/billing/document-page";

export const metadata: Metadata = { title: "Tax invoice", robots: { index: false } };

// An order's tax invoice as a printable page, with its PDF to download: the order's owner and admins only.
export default function InvoicePage({ params }: { params: Promise<{ orderId: string }> }) {
  return (
    <Suspense fallback={<DocumentSkeleton label="Loading the invoice" />}>
      <Invoice params={params} />
    </Suspense>
  );
}

async function Invoice({ params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  return <DocumentPage orderId={orderId} path={`/invoice/${orderId}`} />;
}
