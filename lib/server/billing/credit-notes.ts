import "server-only";
import { creditLines, type CreditableLine, type CreditRequest } from "@/lib/billing/credit";
import { CREDIT_NOTE_PREFIX } from "@/lib/billing/documents";
import { leviesUtgst, stateIsoCode } from "@/lib/billing/gst-states";
import type { BilledLine, Supply } from "@/lib/billing/invoice";
import type { TaxDocumentContent } from "@/lib/billing/tax-document";
import type { Prisma, TaxDocument, TaxDocumentLine } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { log } from "../platform/log";
import { writeDocument } from "./tax-documents";

// Credit notes (CGST Act s.34, CGST Rules 53): one for each refund that went through (and one for
// a cash-on-delivery parcel that came back undelivered after its invoice), from their
// own series, quoting the invoice they reduce, with the refunded lines' value and tax reversed as
// the invoice split them. Issued after the refund is settled, in a transaction of their own, like
// the invoices. A refund of an order whose invoice is still due waits for it; an order recorded
// before GST billing (no invoice, none due) gets none.

type Outcome = "issued" | "not-due" | "waiting-for-invoice" | "no-invoice" | "nothing-to-credit";

/**
 * Issues the refund's credit note if it is due. The refund's row is locked first, then the order's
 * (the order of the refunds' own transactions), so two rounds never credit one refund twice and
 * two refunds of one order are credited one after the other, each seeing the other's lines.
 */
export async function issueCreditNote(refundId: string, now = new Date()): Promise<Outcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ creditNoteDue: boolean; orderId: string }[]>`
      SELECT "creditNoteDue", "orderId" FROM "Refund" WHERE "id" = ${refundId}::uuid FOR UPDATE`;
    const due = locked[0];
    if (!due?.creditNoteDue) return "not-due";
    const order = await tx.$queryRaw<{ invoiceDue: boolean }[]>`SELECT "invoiceDue" FROM "Order" WHERE "id" = ${due.orderId}::uuid FOR UPDATE`;
    // The invoice is still to come (the seller's details incomplete, or its issue a moment away):
    // the credit note waits for it, so that the month's figures show the sale and its refund.
    if (order[0]?.invoiceDue) return "waiting-for-invoice";
    const refund = await tx.refund.findUniqueOrThrow({ where: { id: refundId } });
    const settle = (outcome: Outcome) => tx.refund.update({ where: { id: refundId }, data: { creditNoteDue: false } }).then(() => outcome);
    if (refund.status !== "SUCCEEDED") return settle("not-due");
    const found = await creditableInvoice(tx, refund.orderId);
    if (!found) return settle("no-invoice");
    const refunded = refund.lines as { orderItemId: string; quantity: number }[];
    const request: CreditRequest = refunded.length > 0 ? { kind: "lines", lines: refunded, shipping: refund.shippingAmount } : { kind: "amount", amount: refund.amount };
    let credit = creditLines(found.lines, request, found.supply);
    // A refund of lines whose amount is not their prices (and shipping) as the invoice has them (a
    // cancellation after a partial refund in Stripe's dashboard gives back what is left): its amount
    // is spread over what each line has left, so the credit note says what was given back.
    if (request.kind === "lines" && credit.lines.reduce((sum, line) => sum + line.gross, 0) !== refund.amount) {
      credit = creditLines(found.lines, { kind: "amount", amount: refund.amount }, found.supply);
    }
    if (credit.exceeded > 0) log.error({ refundId, invoice: found.invoice.number, exceededPaise: credit.exceeded }, "credit notes: the refund passes what the invoice has left; the rest is not credited");
    if (credit.lines.length === 0) return settle("nothing-to-credit");
    await writeCreditNote(tx, found, credit.lines, { refundId, reason: refund.reason, now });
    return settle("issued");
  });
}

type Creditable = { invoice: TaxDocument & { lines: TaxDocumentLine[] }; lines: CreditableLine[]; supply: Supply };

/** The order's invoice (or bill of supply) with what earlier credit notes took from each line; null when it has none. */
async function creditableInvoice(tx: Prisma.TransactionClient, orderId: string): Promise<Creditable | null> {
  const invoice = await tx.taxDocument.findFirst({ where: { orderId, kind: { in: ["INVOICE", "BILL_OF_SUPPLY"] } }, include: { lines: true } });
  if (!invoice) return null;
  const earlier = await tx.taxDocumentLine.findMany({ where: { document: { invoiceId: invoice.id } } });
  const lines: CreditableLine[] = invoice.lines
    .sort((a, b) => a.position - b.position)
    .map((line) => {
      const taken = earlier.filter((credit) => credit.position === line.position);
      const sum = (head: "gross" | "taxable" | "cgst" | "sgst" | "utgst" | "igst" | "cess" | "quantity") => taken.reduce((total, credit) => total + credit[head], 0);
      return {
        ...line,
        kind: line.kind as BilledLine["kind"],
        credited: { gross: sum("gross"), taxable: sum("taxable"), cgst: sum("cgst"), sgst: sum("sgst"), utgst: sum("utgst"), igst: sum("igst"), cess: sum("cess"), quantity: sum("quantity") },
      };
    });
  const placeIso = stateIsoCode(invoice.placeOfSupply)!;
  const supply: Supply = { placeIso, placeCode: invoice.placeOfSupply, assumed: false, interState: invoice.interState, utgst: !invoice.interState && leviesUtgst(placeIso) };
  return { invoice, lines, supply };
}

/** Writes the credit note of `lines` against the invoice, from the credit notes' own series. */
async function writeCreditNote(tx: Prisma.TransactionClient, found: Creditable, lines: ReturnType<typeof creditLines>["lines"], meta: { refundId?: string; reason: string | null; now: Date }): Promise<void> {
  const { invoice, supply } = found;
  const content = invoice.content as TaxDocumentContent;
  await writeDocument(tx, {
    kind: "CREDIT_NOTE",
    series: CREDIT_NOTE_PREFIX,
    orderId: invoice.orderId,
    refundId: meta.refundId,
    invoiceId: invoice.id,
    issuedAt: meta.now,
    supply: { ...supply, assumed: content.placeOfSupply.assumed },
    sellerState: invoice.sellerState,
    buyerGstin: invoice.buyerGstin,
    lines,
    content: {
      seller: content.seller,
      buyer: content.buyer,
      placeOfSupply: content.placeOfSupply,
      order: content.order,
      original: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
      reason: meta.reason,
      notes: [],
    },
  });
}

/** The credit note's reason for goods that came back undelivered. */
export const RTO_CREDIT_REASON = "Returned undelivered (return to origin): the whole supply is reversed";

/**
 * A cash-on-delivery parcel that came back undelivered after its invoice was issued: one credit
 * note for everything the invoice still has (no money moved, so there is no refund to hang it on:
 * the order's rtoCreditNoteDue carries it). Waits for an invoice still due, as refunds' do.
 */
export async function issueRtoCreditNote(orderId: string, now = new Date()): Promise<Outcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ rtoCreditNoteDue: boolean; invoiceDue: boolean }[]>`
      SELECT "rtoCreditNoteDue", "invoiceDue" FROM "Order" WHERE "id" = ${orderId}::uuid FOR UPDATE`;
    if (!locked[0]?.rtoCreditNoteDue) return "not-due";
    if (locked[0].invoiceDue) return "waiting-for-invoice";
    const settle = (outcome: Outcome) => tx.order.update({ where: { id: orderId }, data: { rtoCreditNoteDue: false } }).then(() => outcome);
    const found = await creditableInvoice(tx, orderId);
    if (!found) return settle("no-invoice");
    const left = found.lines.reduce((sum, line) => sum + line.gross - line.credited.gross, 0);
    const credit = creditLines(found.lines, { kind: "amount", amount: left }, found.supply);
    if (credit.lines.length === 0) return settle("nothing-to-credit");
    await writeCreditNote(tx, found, credit.lines, { reason: RTO_CREDIT_REASON, now });
    return settle("issued");
  });
}

let queue: Promise<unknown> = Promise.resolve();

/** Runs `issue` after the credit notes this process queued before it (as queueInvoice). Never throws. */
function enqueue(issue: () => Promise<Outcome>, logged: Record<string, string>, what: string): Promise<Outcome | "failed"> {
  const issued = queue.then(() =>
    issue().catch((error: unknown) => {
      log.error({ err: error, ...logged }, `credit notes: could not issue ${what}, kept for the next round`);
      return "failed" as const;
    }),
  );
  queue = issued;
  return issued;
}

/** Issues the refund's credit note after those queued before it. Never throws. */
export function queueCreditNote(refundId: string): Promise<Outcome | "failed"> {
  return enqueue(() => issueCreditNote(refundId), { refundId }, "the refund's");
}

/** The undelivered parcel's credit note after those queued before it. Never throws. */
export function queueRtoCreditNote(orderId: string): Promise<Outcome | "failed"> {
  return enqueue(() => issueRtoCreditNote(orderId), { orderId }, "the return to origin's");
}

/** The credit notes still due, oldest refund first, then undelivered parcels' (the minute round, and after invoices were issued late). */
export async function issueDueCreditNotes(limit = 100): Promise<number> {
  const due = await db.refund.findMany({ where: { creditNoteDue: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: limit, select: { id: true } });
  let issued = 0;
  for (const { id } of due) if ((await queueCreditNote(id)) === "issued") issued += 1;
  const returned = await db.order.findMany({ where: { rtoCreditNoteDue: true }, orderBy: [{ returnedToOriginAt: "asc" }, { id: "asc" }], take: limit, select: { id: true } });
  for (const { id } of returned) if ((await queueRtoCreditNote(id)) === "issued") issued += 1;
  if (issued > 0) log.info({ issued }, "credit notes: issued");
  return issued;
}

/** The credit notes of the order's refunds that waited for its invoice (called once it is issued). */
export async function issueWaitingCreditNotes(orderId: string): Promise<void> {
  const waiting = await db.refund.findMany({ where: { orderId, creditNoteDue: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  for (const { id } of waiting) {
    await issueCreditNote(id).catch((error: unknown) => log.error({ err: error, refundId: id }, "credit notes: could not issue, kept for the next round"));
  }
  await issueRtoCreditNote(orderId).catch((error: unknown) => log.error({ err: error, orderId }, "credit notes: could not issue the return to origin's, kept for the next round"));
}
