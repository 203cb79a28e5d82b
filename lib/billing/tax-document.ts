// A tax document as it is printed (the page, the PDF) and as the API answers it: what CGST Rules
// 46 (invoices), 49 (bills of supply) and 53 (credit notes) ask each to carry.
import type { BilledLine, DocumentTotals } from "./invoice";
import { COMPOSITION_HEADING } from "./seller";

export type TaxDocumentKindName = "INVOICE" | "BILL_OF_SUPPLY" | "CREDIT_NOTE";

/** A party as the document names it. */
export type DocumentParty = {
  name: string;
  /** The legal name a business buyer gave (B2B), or the seller's trade name. */
  otherName: string | null;
  gstin: string | null;
  address: string[];
  stateName: string | null;
  /** Two-digit GST state code. */
  stateCode: string | null;
  email: string | null;
  phone: string | null;
};

/** What a document prints besides its lines and totals, frozen at issue. */
export type TaxDocumentContent = {
  seller: DocumentParty;
  buyer: DocumentParty;
  placeOfSupply: { name: string; code: string; assumed: boolean };
  order: { number: string; date: string };
  /** A credit note's invoice. */
  original: { number: string; issuedAt: string } | null;
  /** Why a credit note was issued (the refund's reason). */
  reason: string | null;
  /** The total in words, Indian numbering ("Rupees One Lakh Only"). */
  amountInWords: string;
  notes: string[];
};

export type TaxDocumentView = TaxDocumentContent & {
  _id: string;
  kind: TaxDocumentKindName;
  number: string;
  issuedAt: string;
  orderId: string;
  refundId: string | null;
  interState: boolean;
  lines: (BilledLine & { position: number })[];
  totals: DocumentTotals;
};

/** The heading a document carries. */
export function documentTitle(kind: TaxDocumentKindName): string {
  return kind === "INVOICE" ? "Tax invoice" : kind === "BILL_OF_SUPPLY" ? "Bill of supply" : "Credit note";
}

/** The line a bill of supply must carry (CGST Rules 49, and s.10(3)'s notice for composition taxpayers). */
export function documentSubheading(kind: TaxDocumentKindName): string | null {
  return kind === "BILL_OF_SUPPLY" ? COMPOSITION_HEADING : null;
}

/** "18%" from 1800 basis points; "2.5%" from 250. */
export function ratePercent(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString("en-IN", { maximumFractionDigits: 2 })}%`;
}

/** The file name a document downloads as: its number with "/" made "-" ("IN-2627-00000001.pdf"). */
export function documentFileName(number: string): string {
  return `${number.replace(/\//g, "-")}.pdf`;
}
