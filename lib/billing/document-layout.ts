// What a tax document prints, as text: its facts, its parties, its table and its totals. The
// printable page and the PDF both draw from this, so the two never say different things.
import { documentSubheading, documentTitle, ratePercent, type DocumentParty, type TaxDocumentView } from "./tax-document";

let amount: Intl.NumberFormat | undefined;

/** 59,999.00 from 5999900 paise: always two decimals, Indian grouping, no symbol (the table's cells). */
export function invoiceAmount(paise: number): string {
  amount ??= new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return amount.format(paise / 100);
}

/** ₹59,999.00: the totals. */
export function invoiceRupees(paise: number): string {
  return `₹${invoiceAmount(paise)}`;
}

let day: Intl.DateTimeFormat | undefined;

/** 27 Nov 2026, India time (the date the tax authority reads). */
export function invoiceDate(iso: string): string {
  day ??= new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
  return day.format(new Date(iso));
}

export type Fact = { label: string; value: string };

export type DocumentLayout = {
  title: string;
  subheading: string | null;
  facts: Fact[];
  seller: { heading: string; lines: string[] };
  buyer: { heading: string; lines: string[] };
  columns: { key: string; label: string; numeric: boolean }[];
  rows: Record<string, string>[];
  totals: Fact[];
  amountInWords: string;
  notes: string[];
  signature: string;
};

function stateLine(party: DocumentParty): string | null {
  return party.stateName ? `State: ${party.stateName}${party.stateCode ? ` (code ${party.stateCode})` : ""}` : null;
}

function partyLines(party: DocumentParty, otherLabel: string): string[] {
  return [
    party.name,
    ...(party.otherName ? [`${otherLabel}: ${party.otherName}`] : []),
    ...party.address,
    ...[stateLine(party)].filter((line): line is string => line !== null),
    ...(party.gstin ? [`GSTIN: ${party.gstin}`] : []),
    ...(party.email ? [`Email: ${party.email}`] : []),
    ...(party.phone ? [`Phone: ${party.phone}`] : []),
  ];
}

/** The document as the page and the PDF lay it out. */
export function documentLayout(document: TaxDocumentView): DocumentLayout {
  const isCredit = document.kind === "CREDIT_NOTE";
  const taxed = document.kind !== "BILL_OF_SUPPLY";
  const utgst = document.lines.some((line) => line.utgst > 0);
  const facts: Fact[] = [
    { label: isCredit ? "Credit note number" : document.kind === "INVOICE" ? "Invoice number" : "Bill number", value: document.number },
    { label: isCredit ? "Credit note date" : document.kind === "INVOICE" ? "Invoice date" : "Bill date", value: invoiceDate(document.issuedAt) },
    ...(document.original ? [{ label: "Against invoice", value: `${document.original.number} of ${invoiceDate(document.original.issuedAt)}` }] : []),
    { label: "Order", value: `${document.order.number} of ${invoiceDate(document.order.date)}` },
    { label: "Place of supply", value: `${document.placeOfSupply.name} (${document.placeOfSupply.code})${document.placeOfSupply.assumed ? " *" : ""}` },
    ...(taxed ? [{ label: "Tax payable on reverse charge", value: "No" }] : []),
    ...(document.reason ? [{ label: "Reason", value: document.reason }] : []),
  ];
  const columns = [
    { key: "position", label: "#", numeric: true },
    { key: "description", label: "Description", numeric: false },
    { key: "hsn", label: "HSN", numeric: false },
    { key: "quantity", label: "Qty", numeric: true },
    { key: "unitPrice", label: "Unit price (incl. tax)", numeric: true },
    { key: "taxable", label: taxed ? "Taxable value" : "Value", numeric: true },
    ...(taxed
      ? document.interState
        ? [{ key: "rate", label: "IGST rate", numeric: true }, { key: "igst", label: "IGST", numeric: true }]
        : [
            { key: "rate", label: "Rate (CGST + " + (utgst ? "UTGST)" : "SGST)"), numeric: true },
            { key: "cgst", label: "CGST", numeric: true },
            { key: "sgst", label: utgst ? "UTGST" : "SGST", numeric: true },
          ]
      : []),
    ...(taxed && document.totals.cess > 0 ? [{ key: "cess", label: "Cess", numeric: true }] : []),
    { key: "total", label: "Total", numeric: true },
  ];
  const rows = document.lines.map((line) => ({
    position: String(line.position),
    description: line.kind === "SHIPPING" ? `${line.description} (shipping)` : line.description,
    hsn: line.hsnCode,
    quantity: `${line.quantity} NOS`,
    unitPrice: invoiceAmount(line.unitPrice),
    taxable: invoiceAmount(line.taxable),
    rate: document.interState ? ratePercent(line.rateBp) : `${ratePercent(line.rateBp / 2)} + ${ratePercent(line.rateBp / 2)}`,
    igst: invoiceAmount(line.igst),
    cgst: invoiceAmount(line.cgst),
    sgst: invoiceAmount(line.sgst + line.utgst),
    cess: invoiceAmount(line.cess),
    total: invoiceAmount(line.gross),
  }));
  const totals: Fact[] = [
    { label: taxed ? "Taxable value" : "Value", value: invoiceRupees(document.totals.taxable) },
    ...(taxed
      ? document.interState
        ? [{ label: "IGST", value: invoiceRupees(document.totals.igst) }]
        : [
            { label: "CGST", value: invoiceRupees(document.totals.cgst) },
            { label: utgst ? "UTGST" : "SGST", value: invoiceRupees(document.totals.sgst + document.totals.utgst) },
          ]
      : []),
    ...(taxed && document.totals.cess > 0 ? [{ label: "Compensation cess", value: invoiceRupees(document.totals.cess) }] : []),
    { label: isCredit ? "Total credited" : "Total", value: invoiceRupees(document.totals.total) },
  ];
  const notes = [
    ...(document.placeOfSupply.assumed ? ["* The delivery address named no state that could be read: the place of supply is taken as the seller's state."] : []),
    ...document.notes,
    "Prices include GST. This is a computer-generated document.",
  ];
  return {
    title: documentTitle(document.kind),
    subheading: documentSubheading(document.kind),
    facts,
    seller: { heading: "Sold by", lines: partyLines(document.seller, "Trade name") },
    buyer: { heading: document.buyer.gstin ? "Billed to (business)" : "Billed and shipped to", lines: partyLines(document.buyer, "Legal name") },
    columns,
    rows,
    totals,
    amountInWords: document.amountInWords,
    notes,
    signature: `For ${document.seller.name}: authorised signatory`,
  };
}
