import "server-only";
import { NextResponse } from "next/server";
import { documentFileName, type TaxDocumentView } from "@/lib/billing/tax-document";
import { ok } from "../platform/http";
import { documentPdf } from "./document-pdf";

/**
 * A tax document as its route answers it: JSON with ?format=json, else the PDF, shown in the
 * browser or, with ?download=1, saved under its number. Never cached: it names a person.
 */
export async function documentAnswer(request: Request, document: TaxDocumentView, message: string): Promise<NextResponse> {
  const search = new URL(request.url).searchParams;
  if (search.get("format") === "json") return ok(document, message);
  const pdf = await documentPdf(document);
  return new NextResponse(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `${search.get("download") === "1" ? "attachment" : "inline"}; filename="${documentFileName(document.number)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
