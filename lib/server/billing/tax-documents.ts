import "server-only";
import type { Prisma, TaxDocument, TaxDocumentLine } from "@/lib/generated/prisma/client";
import { amountInWords } from "@/lib/billing/amount-in-words";
import { documentNumber, financialYearCode, financialYearOf } from "@/lib/billing/documents";
import { totalsOf, type BilledLine, type DocumentTotals, type Supply } from "@/lib/billing/invoice";
import type { TaxDocumentContent, TaxDocumentKindName, TaxDocumentView } from "@/lib/billing/tax-document";
import { db } from "../platform/db";

// Tax documents of every kind: the gapless series they are numbered from, writing one (in the
// issuing transaction), and reading one back for its owner or an admin. Invoices are issued by
// invoices.ts, credit notes by credit-notes.ts. Nothing changes an issued document: the database
// refuses it.

type Tx = Prisma.TransactionClient;

/**
 * Takes the next serial of a series in a financial year. The row stays locked until the caller's
 * transaction ends, so a rolled-back document gives its number back and no two documents share one.
 */
async function nextSerial(tx: Tx, series: string, financialYear: string): Promise<number> {
  const rows = await tx.$queryRaw<{ lastSerial: number }[]>`
    INSERT INTO "DocumentSeries" ("series", "financialYear", "lastSerial") VALUES (${series}, ${financialYear}, 1)
    ON CONFLICT ("series", "financialYear") DO UPDATE SET "lastSerial" = "DocumentSeries"."lastSerial" + 1
    RETURNING "lastSerial"`;
  return rows[0]!.lastSerial;
}

/** A line's figures as a document keeps them (nothing else of the object it comes in). */
function lineFigures(line: BilledLine): BilledLine {
  const { kind, orderItemId, description, hsnCode, quantity, unitPrice, gross, taxable, rateBp, cessRateBp, cgst, sgst, utgst, igst, cess } = line;
  return { kind, orderItemId, description, hsnCode, quantity, unitPrice, gross, taxable, rateBp, cessRateBp, cgst, sgst, utgst, igst, cess };
}

/** Writes a document and its lines; its number from the series, in the caller's transaction. */
export async function writeDocument(
  tx: Tx,
  input: { kind: TaxDocumentKindName; series: string; orderId: string; refundId?: string; invoiceId?: string; issuedAt: Date; supply: Supply; sellerState: string; buyerGstin: string | null; lines: (BilledLine & { position?: number })[]; content: Omit<TaxDocumentContent, "amountInWords"> },
): Promise<{ id: string; number: string }> {
  const startYear = financialYearOf(input.issuedAt);
  const financialYear = financialYearCode(startYear);
  const serial = await nextSerial(tx, input.series, financialYear);
  const number = documentNumber(input.series, startYear, serial);
  const totals = totalsOf(input.lines);
  const content: TaxDocumentContent = { ...input.content, amountInWords: amountInWords(totals.total) };
  const document = await tx.taxDocument.create({
    data: {
      kind: input.kind,
      number,
      series: input.series,
      financialYear,
      serial,
      orderId: input.orderId,
      refundId: input.refundId ?? null,
      invoiceId: input.invoiceId ?? null,
      issuedAt: input.issuedAt,
      placeOfSupply: input.supply.placeCode,
      sellerState: input.sellerState,
      interState: input.supply.interState,
      buyerGstin: input.buyerGstin,
      ...totals,
      content,
      lines: {
        // A credit note's lines keep the position of the invoice line each credits.
        create: input.lines.map((line, index) => ({ ...lineFigures(line), position: line.position ?? index + 1, description: line.description.slice(0, 200) })),
      },
    },
    select: { id: true, number: true },
  });
  return document;
}

// Reading ---------------------------------------------------------------------------------------

type DocumentRow = TaxDocument & { lines: TaxDocumentLine[] };

export function toDocumentView(row: DocumentRow): TaxDocumentView {
  const content = row.content as TaxDocumentContent;
  const totals: DocumentTotals = { taxable: row.taxable, cgst: row.cgst, sgst: row.sgst, utgst: row.utgst, igst: row.igst, cess: row.cess, total: row.total };
  return {
    ...content,
    _id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    orderId: row.orderId,
    refundId: row.refundId,
    interState: row.interState,
    lines: [...row.lines]
      .sort((a, b) => a.position - b.position)
      .map((line) => ({ ...lineFigures({ ...line, kind: line.kind as BilledLine["kind"] }), position: line.position })),
    totals,
  };
}

export type DocumentViewer = { admin: true } | { userId: string };

/** Who is asking for a document: an admin sees every one, anyone else only their own orders'. */
export function documentViewer(user: { id: string; role: string }): DocumentViewer {
  return user.role === "ADMIN" ? { admin: true } : { userId: user.id };
}

/**
 * One of the order's documents: its invoice (`refundId` absent), the credit note of one of its
 * refunds, or (`refundId` the order's own id) the credit note of its parcel returned undelivered.
 * Null when there is none yet, or the viewer is neither the order's owner nor an admin.
 */
export async function findOrderDocument(orderId: string, viewer: DocumentViewer, refundId?: string): Promise<TaxDocumentView | null> {
  const row = await db.taxDocument.findFirst({
    where: {
      orderId,
      ...(refundId ? creditNoteOf(refundId) : { kind: { in: ["INVOICE", "BILL_OF_SUPPLY"] } }),
      ...("userId" in viewer ? { order: { userId: viewer.userId } } : {}),
    },
    include: { lines: true },
  });
  return row ? toDocumentView(row) : null;
}

/** A refund's credit note, or (by the order's id) the one of a parcel that came back undelivered, which has no refund. */
function creditNoteOf(id: string): Prisma.TaxDocumentWhereInput {
  return { kind: "CREDIT_NOTE", OR: [{ refundId: id }, { orderId: id, refundId: null }] };
}

/** A refund's credit note, for the order's owner or an admin; null otherwise, or when none was issued. */
export async function findCreditNote(refundId: string, viewer: DocumentViewer): Promise<TaxDocumentView | null> {
  const row = await db.taxDocument.findFirst({
    where: { ...creditNoteOf(refundId), ...("userId" in viewer ? { order: { userId: viewer.userId } } : {}) },
    include: { lines: true },
  });
  return row ? toDocumentView(row) : null;
}
