import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import type { ReportPeriod } from "@/lib/billing/report-period";
import { db } from "../platform/db";
import { readSeller } from "./seller";

// The figures GSTR-1 asks for, from the tax documents issued in a period (India time): B2C sales by
// place of supply and rate net of their credit notes (table 7), large inter-state B2C invoices each
// listed (table 5), B2B invoices with the buyer's GSTIN (table 4), credit notes (table 9B), the HSN
// summary split into B2B and B2C (table 12), and the documents issued (table 13). Amounts in paise;
// a credit note counts against the period it was issued in. A help for filing, not a filing tool.

/** An inter-state invoice to an unregistered buyer above this is listed on its own (B2CL): ₹1 lakh. */
export const B2CL_THRESHOLD_PAISE = 10_000_000;

export type Heads = { taxable: number; cgst: number; sgst: number; igst: number; cess: number };

export type GstReport = {
  period: { key: string; label: string; from: string; to: string };
  registration: "REGULAR" | "COMPOSITION";
  /** Composition: GSTR-1 does not apply; the period's turnover (bills of supply less their credit notes). */
  turnover: number;
  b2cs: (Heads & { placeOfSupply: string; rate: number; type: "INTRA" | "INTER" })[];
  b2cl: (Heads & { number: string; date: string; placeOfSupply: string; invoiceValue: number; rate: number })[];
  b2b: (Heads & { gstin: string; buyer: string; number: string; date: string; placeOfSupply: string; invoiceValue: number; rate: number; reverseCharge: "N" })[];
  creditNotes: (Heads & { number: string; date: string; invoiceNumber: string; invoiceDate: string; gstin: string | null; placeOfSupply: string; value: number; rate: number; table: "CDNR" | "CDNUR" | "B2CS" })[];
  hsn: (Heads & { section: "B2B" | "B2C"; hsn: string; description: string; uqc: "NOS"; quantity: number; rate: number; value: number })[];
  documents: { series: string; nature: string; from: string; to: string; count: number; cancelled: number }[];
  /** The period's invoices, its credit notes, and the two netted: what every table above adds up to. */
  totals: { invoices: Heads & { value: number }; creditNotes: Heads & { value: number }; net: Heads & { value: number } };
};

type Row = Record<string, unknown>;
const n = (value: unknown): number => Number(value ?? 0);
const heads = (row: Row): Heads => ({ taxable: n(row.taxable), cgst: n(row.cgst), sgst: n(row.sgst), igst: n(row.igst), cess: n(row.cess) });
const iso = (value: unknown): string => (value as Date).toISOString();

/** The period's documents (a credit note classed by its invoice's buyer and value), with +1 for an invoice or −1 for a credit note. */
function classified(period: ReportPeriod): Prisma.Sql {
  return Prisma.sql`
    SELECT d.id, d.kind, d."placeOfSupply", d."interState", CASE WHEN d.kind = 'CREDIT_NOTE' THEN -1 ELSE 1 END AS sign,
      CASE WHEN coalesce(inv."buyerGstin", d."buyerGstin") IS NOT NULL THEN 'B2B'
           WHEN d."interState" AND coalesce(inv.total, d.total) > ${B2CL_THRESHOLD_PAISE} THEN 'B2CL'
           ELSE 'B2CS' END AS class
    FROM "TaxDocument" d LEFT JOIN "TaxDocument" inv ON inv.id = d."invoiceId"
    WHERE d."issuedAt" BETWEEN ${period.from} AND ${period.to}`;
}

const HEAD_SUMS = Prisma.sql`sum(l.taxable) AS taxable, sum(l.cgst) AS cgst, sum(l.sgst + l.utgst) AS sgst, sum(l.igst) AS igst, sum(l.cess) AS cess`;

/** Adds a signed group's heads into `into`. */
function add(into: Heads & { quantity: number; value: number }, row: Row): void {
  const sign = n(row.sign);
  into.taxable += sign * n(row.taxable);
  into.cgst += sign * n(row.cgst);
  into.sgst += sign * n(row.sgst);
  into.igst += sign * n(row.igst);
  into.cess += sign * n(row.cess);
  into.quantity += sign * n(row.quantity);
  into.value += sign * n(row.value);
}

export async function gstReport(period: ReportPeriod): Promise<GstReport> {
  const inPeriod = Prisma.sql`d."issuedAt" BETWEEN ${period.from} AND ${period.to}`;
  // One pass over the period's lines, grouped finely enough for both B2C sales and the HSN
  // summary; the listed tables (B2B, B2CL, credit notes) read only their own few documents.
  const [seller, groups, b2cl, b2b, creditNotes, documents, totals, descriptions] = await Promise.all([
    readSeller(),
    db.$queryRaw<Row[]>`
      WITH d AS (${classified(period)})
      SELECT d.class, d.sign, d."placeOfSupply", d."interState", l."rateBp", l."hsnCode",
        sum(l.quantity) AS quantity, sum(l.gross) AS value, ${HEAD_SUMS}
      FROM d JOIN "TaxDocumentLine" l ON l."documentId" = d.id
      GROUP BY d.class, d.sign, d."placeOfSupply", d."interState", l."rateBp", l."hsnCode"`,
    db.$queryRaw<Row[]>`
      SELECT d.number, d."issuedAt", d."placeOfSupply", d.total, l."rateBp", ${HEAD_SUMS}
      FROM "TaxDocument" d JOIN "TaxDocumentLine" l ON l."documentId" = d.id
      WHERE ${inPeriod} AND d.kind <> 'CREDIT_NOTE' AND d."buyerGstin" IS NULL AND d."interState" AND d.total > ${B2CL_THRESHOLD_PAISE}
      GROUP BY d.id, d.number, d."issuedAt", d."placeOfSupply", d.total, l."rateBp" ORDER BY d."issuedAt", d.number, l."rateBp"`,
    db.$queryRaw<Row[]>`
      SELECT d."buyerGstin", d.content->'buyer'->>'otherName' AS buyer, d.number, d."issuedAt", d."placeOfSupply", d.total, l."rateBp", ${HEAD_SUMS}
      FROM "TaxDocument" d JOIN "TaxDocumentLine" l ON l."documentId" = d.id
      WHERE ${inPeriod} AND d.kind <> 'CREDIT_NOTE' AND d."buyerGstin" IS NOT NULL
      GROUP BY d.id, d."buyerGstin", buyer, d.number, d."issuedAt", d."placeOfSupply", d.total, l."rateBp" ORDER BY d."issuedAt", d.number, l."rateBp"`,
    db.$queryRaw<Row[]>`
      SELECT d.number, d."issuedAt", inv.number AS "invoiceNumber", inv."issuedAt" AS "invoiceDate", d."buyerGstin", d."placeOfSupply", d.total, l."rateBp",
        CASE WHEN inv."buyerGstin" IS NOT NULL THEN 'B2B' WHEN inv."interState" AND inv.total > ${B2CL_THRESHOLD_PAISE} THEN 'B2CL' ELSE 'B2CS' END AS class, ${HEAD_SUMS}
      FROM "TaxDocument" d JOIN "TaxDocument" inv ON inv.id = d."invoiceId" JOIN "TaxDocumentLine" l ON l."documentId" = d.id
      WHERE ${inPeriod} AND d.kind = 'CREDIT_NOTE'
      GROUP BY d.id, d.number, d."issuedAt", inv.id, inv.number, inv."issuedAt", d."buyerGstin", d."placeOfSupply", d.total, l."rateBp"
      ORDER BY d."issuedAt", d.number, l."rateBp"`,
    db.$queryRaw<Row[]>`
      SELECT series, min(number) AS "from", max(number) AS "to", count(*) AS count
      FROM "TaxDocument" d WHERE ${inPeriod} GROUP BY series ORDER BY series`,
    db.$queryRaw<Row[]>`
      SELECT kind = 'CREDIT_NOTE' AS credit, sum(taxable) AS taxable, sum(cgst) AS cgst, sum(sgst + utgst) AS sgst, sum(igst) AS igst, sum(cess) AS cess, sum(total) AS value
      FROM "TaxDocument" d WHERE ${inPeriod} GROUP BY credit`,
    db.$queryRaw<{ hsnCode: string; label: string }[]>`SELECT DISTINCT ON ("hsnCode") "hsnCode", label FROM "Category" ORDER BY "hsnCode", position`,
  ]);
  const zero = () => ({ taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, quantity: 0, value: 0 });
  // B2C sales: by place of supply and rate, net of their credit notes.
  const b2cs = new Map<string, Heads & { quantity: number; value: number; placeOfSupply: string; rate: number; type: "INTRA" | "INTER" }>();
  // The HSN summary: by section, HSN code and rate, net.
  const hsn = new Map<string, Heads & { quantity: number; value: number; section: "B2B" | "B2C"; hsn: string; rate: number }>();
  for (const row of groups) {
    const rate = n(row.rateBp) / 100;
    if (row.class === "B2CS") {
      const key = `${String(row.placeOfSupply)}|${rate}`;
      const entry = b2cs.get(key) ?? { ...zero(), placeOfSupply: String(row.placeOfSupply), rate, type: row.interState ? ("INTER" as const) : ("INTRA" as const) };
      add(entry, row);
      b2cs.set(key, entry);
    }
    const section = row.class === "B2B" ? ("B2B" as const) : ("B2C" as const);
    const key = `${section}|${String(row.hsnCode)}|${rate}`;
    const entry = hsn.get(key) ?? { ...zero(), section, hsn: String(row.hsnCode), rate };
    add(entry, row);
    hsn.set(key, entry);
  }
  const described = new Map(descriptions.map((row) => [row.hsnCode, row.label]));
  const sumOf = (credit: boolean) => {
    const row = totals.find((candidate) => candidate.credit === credit) ?? {};
    return { ...heads(row), value: n(row.value) };
  };
  const invoices = sumOf(false);
  const credits = sumOf(true);
  const net = { taxable: invoices.taxable - credits.taxable, cgst: invoices.cgst - credits.cgst, sgst: invoices.sgst - credits.sgst, igst: invoices.igst - credits.igst, cess: invoices.cess - credits.cess, value: invoices.value - credits.value };
  return {
    period: { key: period.key, label: period.label, from: period.from.toISOString(), to: period.to.toISOString() },
    registration: seller.details.registration,
    turnover: net.value,
    b2cs: [...b2cs.values()]
      .sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate)
      .map(({ placeOfSupply, rate, type, ...row }) => ({ placeOfSupply, rate, type, ...heads(row) })),
    b2cl: b2cl.map((row) => ({ number: String(row.number), date: iso(row.issuedAt), placeOfSupply: String(row.placeOfSupply), invoiceValue: n(row.total), rate: n(row.rateBp) / 100, ...heads(row) })),
    b2b: b2b.map((row) => ({
      gstin: String(row.buyerGstin),
      buyer: String(row.buyer ?? ""),
      number: String(row.number),
      date: iso(row.issuedAt),
      placeOfSupply: String(row.placeOfSupply),
      invoiceValue: n(row.total),
      rate: n(row.rateBp) / 100,
      reverseCharge: "N" as const,
      ...heads(row),
    })),
    creditNotes: creditNotes.map((row) => ({
      number: String(row.number),
      date: iso(row.issuedAt),
      invoiceNumber: String(row.invoiceNumber),
      invoiceDate: iso(row.invoiceDate),
      gstin: (row.buyerGstin as string | null) ?? null,
      placeOfSupply: String(row.placeOfSupply),
      value: n(row.total),
      rate: n(row.rateBp) / 100,
      table: row.class === "B2B" ? ("CDNR" as const) : row.class === "B2CL" ? ("CDNUR" as const) : ("B2CS" as const),
      ...heads(row),
    })),
    hsn: [...hsn.values()]
      .sort((a, b) => a.section.localeCompare(b.section) || a.hsn.localeCompare(b.hsn) || a.rate - b.rate)
      .map((row) => ({ section: row.section, hsn: row.hsn, description: described.get(row.hsn) ?? "", uqc: "NOS" as const, quantity: row.quantity, rate: row.rate, value: row.value, ...heads(row) })),
    documents: documents.map((row) => ({
      series: String(row.series),
      nature: row.series === "CN" ? "Credit note" : seller.details.registration === "COMPOSITION" ? "Invoices and bills of supply" : "Invoices for outward supply",
      from: String(row.from),
      to: String(row.to),
      count: n(row.count),
      cancelled: 0,
    })),
    totals: { invoices, creditNotes: credits, net },
  };
}
