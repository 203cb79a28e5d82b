import "server-only";
import { NextResponse } from "next/server";
import { documentFileName, type TaxDocumentView } from "@/lib/billing/tax-document";
import { ok } from "../platform/http";
import { documentPdf } from "./document-pdf";

/**
 * The PDFs drawn lately, by document id: a document never changes once issued, so a second
 * download (the shopper's, the admin's) is not drawn again. At most PDF_CACHE_ENTRIES (about 20 KB
 * each), the oldest dropped first.
 */
const PDF_CACHE_ENTRIES = 200;
const drawn = new Map<string, Buffer>();

async function pdfOf(document: TaxDocumentView): Promise<Buffer> {
  const kept = drawn.get(document._id);
  if (kept) return kept;
  const pdf = await documentPdf(document);
  drawn.set(document._id, pdf);
  if (drawn.size > PDF_CACHE_ENTRIES) drawn.delete(drawn.keys().next().value!);
  return pdf;
}

/**
 * A tax document as its route answers it: JSON with ?format=json, else the PDF, shown in the
 * browser or, with ?download=1, saved under its number. Never cached: it names a person.
 */
export async function documentAnswer(request: Request, document: TaxDocumentView, message: string): Promise<NextResponse> {
  const search = new URL(request.url).searchParams;
  if (search.get("format") === "json") return ok(document, message);
  const pdf = await pdfOf(document);
  return new NextResponse(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${search.get("download") === "1" ? "attachment" : "inline"}; filename="${documentFileName(document.number)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
