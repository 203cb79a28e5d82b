import "server-only";
import { stringify } from "csv-stringify/sync";
import { stateIsoCode } from "@/lib/billing/gst-states";
import { indiaStateName } from "@/lib/shared/india";
import type { GstReport, Heads } from "./gst-report";

// The GST report's tables as CSV files, with the column names of the GST portal's offline tool for
// GSTR-1 where it has one (and the tax heads beside them), amounts in rupees with two decimals,
// dates as dd-Mon-yyyy (India time), places of supply as "29-Karnataka".

export const REPORT_TABLES = ["b2cs", "b2cl", "b2b", "cdn", "hsn", "docs"] as const;
export type ReportTable = (typeof REPORT_TABLES)[number];

const rupees = (paise: number) => (paise / 100).toFixed(2);
/**
 * Text someone typed (a buyer's legal name, a description), made inert for spreadsheets: a cell that
 * starts with = + - @ or a tab or carriage return would be read as a formula, so it gets a leading '.
 */
export const textCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const DATE = new Intl.DateTimeFormat("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "Asia/Kolkata" });
const date = (iso: string) => DATE.format(new Date(iso)).replace(/ /g, "-");
const place = (code: string) => `${code}-${indiaStateName(stateIsoCode(code))}`;
const taxes = (row: Heads) => [rupees(row.taxable), rupees(row.igst), rupees(row.cgst), rupees(row.sgst), rupees(row.cess)];
const TAX_COLUMNS = ["Taxable Value", "Integrated Tax Amount", "Central Tax Amount", "State/UT Tax Amount", "Cess Amount"];

/** One table of the report as CSV text (with a header row). */
export function reportCsv(report: GstReport, table: ReportTable): string {
  switch (table) {
    case "b2cs":
      return stringify([["Type", "Place Of Supply", "Rate", ...TAX_COLUMNS], ...report.b2cs.map((row) => ["OE", place(row.placeOfSupply), row.rate, ...taxes(row)])]);
    case "b2cl":
      return stringify([
        ["Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply", "Rate", ...TAX_COLUMNS],
        ...report.b2cl.map((row) => [row.number, date(row.date), rupees(row.invoiceValue), place(row.placeOfSupply), row.rate, ...taxes(row)]),
      ]);
    case "b2b":
      return stringify([
        ["GSTIN/UIN of Recipient", "Receiver Name", "Invoice Number", "Invoice date", "Invoice Value", "Place Of Supply", "Reverse Charge", "Invoice Type", "Rate", ...TAX_COLUMNS],
        ...report.b2b.map((row) => [row.gstin, textCell(row.buyer), row.number, date(row.date), rupees(row.invoiceValue), place(row.placeOfSupply), row.reverseCharge, "Regular B2B", row.rate, ...taxes(row)]),
      ]);
    case "cdn":
      return stringify([
        ["Table", "GSTIN/UIN of Recipient", "Note Number", "Note Date", "Note Type", "Original Invoice Number", "Original Invoice Date", "Place Of Supply", "Note Value", "Rate", ...TAX_COLUMNS],
        ...report.creditNotes.map((row) => [row.table, row.gstin ?? "", row.number, date(row.date), "C", row.invoiceNumber, date(row.invoiceDate), place(row.placeOfSupply), rupees(row.value), row.rate, ...taxes(row)]),
      ]);
    case "hsn":
      return stringify([
        ["Section", "HSN", "Description", "UQC", "Total Quantity", "Total Value", "Rate", ...TAX_COLUMNS],
        ...report.hsn.map((row) => [row.section, row.hsn, textCell(row.description), "NOS-NUMBERS", row.quantity, rupees(row.value), row.rate, ...taxes(row)]),
      ]);
    case "docs":
      return stringify([["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"], ...report.documents.map((row) => [row.nature, row.from, row.to, row.count, row.cancelled])]);
  }
}
