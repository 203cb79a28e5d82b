// The GST report (GET /api/gst-report) on a database of its own, against figures worked out by
// hand: B2C by place and rate net of a credit note, a large inter-state invoice listed on its own,
// a B2B invoice, the HSN summary, the documents issued, and totals that reconcile to the paisa.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as reportRoute } from "@/app/api/gst-report/route";
import { DEMO_SELLER } from "@/lib/billing/demo-seller";
import { gstinCheckCharacter } from "@/lib/billing/gstin";
import { issueCreditNote } from "@/lib/server/billing/credit-notes";
import { issueInvoice } from "@/lib/server/billing/invoices";
import { saveSeller } from "@/lib/server/billing/seller";
import type { GstReport } from "@/lib/server/billing/gst-report";
import { admin, getRequest, onOwnDatabase, query } from "../helpers";

onOwnDatabase("gst_report");

const OCTOBER = new Date("2026-10-15T06:30:00Z");
const NOVEMBER = new Date("2026-11-01T00:00:00+05:30");
const B2B_GSTIN = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;

/** An order of one line recorded straight in the database, its invoice issued at `at`. */
async function invoiced(state: string, price: number, { rateBp = 1800, hsn = "8517", gstin = null as string | null, at = OCTOBER } = {}): Promise<{ orderId: string; itemId: string }> {
  const orderId = randomUUID();
  const itemId = randomUUID();
  const delivery = { name: "Meera Iyer", phone: null, line1: "12 MG Road", line2: null, city: "City", state, postalCode: "560001", country: "IN" };
  await query(
    `INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", "invoiceDue", delivery, "buyerGstin", "buyerLegalName")
     VALUES ($1, 'report@example.com', $2, '{card}', 'paid', $3, $3, true, $4, $5, $6)`,
    [orderId, `cs_test_report_${orderId}`, price, JSON.stringify(delivery), gstin, gstin ? "Iyer Traders Pvt Ltd" : null],
  );
  await query(`INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity, "hsnCode", "gstRateBp", "cessRateBp") VALUES ($1, $2, 'Report item', '{}', $3, 1, $4, $5, 0)`, [itemId, orderId, price, hsn, rateBp]);
  expect(await issueInvoice(orderId, at)).toBe("issued");
  return { orderId, itemId };
}

let report: GstReport;
let boss: Awaited<ReturnType<typeof admin>>;

beforeAll(async () => {
  await saveSeller(DEMO_SELLER, null);
  boss = await admin();
  const a = await invoiced("KA", 1_180_000); // ₹11,800 in Karnataka: 10,000 + 900 + 900, then refunded whole
  await invoiced("MH", 11_800_000); // ₹1,18,000 to Maharashtra: a large inter-state B2C invoice
  await invoiced("MH", 590_000); // ₹5,900 to Maharashtra: 5,000 + IGST 900
  await invoiced("MH", 2_360_000, { gstin: B2B_GSTIN }); // B2B: 20,000 + IGST 3,600
  await invoiced("KA", 295_000, { rateBp: 500, hsn: "85183000" }); // ₹2,950 at 5 %: 2,809.52 + 70.24 + 70.24
  await invoiced("KA", 1_000_000, { at: NOVEMBER }); // November's: not in October's report
  const refundId = randomUUID();
  await query(
    `INSERT INTO "Refund" (id, "orderId", amount, lines, status, source, "creditNoteDue", "updatedAt") VALUES ($1, $2, 1180000, $3, 'SUCCEEDED', 'admin', true, now())`,
    [refundId, a.orderId, JSON.stringify([{ orderItemId: a.itemId, quantity: 1 }])],
  );
  expect(await issueCreditNote(refundId, new Date("2026-10-20T10:00:00+05:30"))).toBe("issued");
  const answer = await reportRoute(getRequest("/api/gst-report?period=2026-10", boss.cookie), { params: Promise.resolve({}) });
  expect(answer.status, await answer.clone().text()).toBe(200);
  report = (await answer.json()).data as GstReport;
}, 120_000);

describe("the GST report for October 2026", () => {
  it("B2C by place of supply and rate, net of the month's credit note; the large inter-state invoice left out of it", () => {
    expect(report.b2cs).toEqual([
      { placeOfSupply: "27", rate: 18, type: "INTER", taxable: 500_000, cgst: 0, sgst: 0, igst: 90_000, cess: 0 },
      { placeOfSupply: "29", rate: 5, type: "INTRA", taxable: 280_952, cgst: 7024, sgst: 7024, igst: 0, cess: 0 },
      { placeOfSupply: "29", rate: 18, type: "INTRA", taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 },
    ]);
  });

  it("lists the large inter-state B2C invoice, the B2B invoice with its GSTIN, and the credit note against its invoice", () => {
    expect(report.b2cl).toEqual([expect.objectContaining({ placeOfSupply: "27", invoiceValue: 11_800_000, rate: 18, taxable: 10_000_000, igst: 1_800_000 })]);
    expect(report.b2b).toEqual([expect.objectContaining({ gstin: B2B_GSTIN, buyer: "Iyer Traders Pvt Ltd", invoiceValue: 2_360_000, taxable: 2_000_000, igst: 360_000, reverseCharge: "N" })]);
    expect(report.creditNotes).toEqual([expect.objectContaining({ table: "B2CS", value: 1_180_000, taxable: 1_000_000, cgst: 90_000, sgst: 90_000, invoiceNumber: expect.stringMatching(/^IN\/2627\//) })]);
  });

  it("the HSN summary, split into B2B and B2C, and the documents issued", () => {
    expect(report.hsn).toEqual([
      expect.objectContaining({ section: "B2B", hsn: "8517", quantity: 1, rate: 18, value: 2_360_000, taxable: 2_000_000, igst: 360_000 }),
      expect.objectContaining({ section: "B2C", hsn: "8517", quantity: 2, rate: 18, value: 12_390_000, taxable: 10_500_000, igst: 1_890_000, cgst: 0, sgst: 0 }),
      expect.objectContaining({ section: "B2C", hsn: "85183000", quantity: 1, rate: 5, value: 295_000, taxable: 280_952, cgst: 7024, sgst: 7024 }),
    ]);
    expect(report.documents).toEqual([
      { series: "CN", nature: "Credit note", from: "CN/2627/00000001", to: "CN/2627/00000001", count: 1, cancelled: 0 },
      { series: "IN", nature: "Invoices for outward supply", from: "IN/2627/00000001", to: "IN/2627/00000005", count: 5, cancelled: 0 },
    ]);
  });

  it("reconciles: invoices less credit notes are the totals, and every table adds up to them", () => {
    const { invoices, creditNotes, net } = report.totals;
    expect(invoices.value).toBe(1_180_000 + 11_800_000 + 590_000 + 2_360_000 + 295_000);
    expect(creditNotes.value).toBe(1_180_000);
    expect(net.value).toBe(invoices.value - creditNotes.value);
    const sum = (rows: { taxable: number; cgst: number; sgst: number; igst: number }[]) =>
      rows.reduce((total, row) => ({ taxable: total.taxable + row.taxable, cgst: total.cgst + row.cgst, sgst: total.sgst + row.sgst, igst: total.igst + row.igst }), { taxable: 0, cgst: 0, sgst: 0, igst: 0 });
    // B2CS (already net) + B2CL + B2B = the net; the HSN summary (net) too.
    const tables = sum([...report.b2cs, ...report.b2cl, ...report.b2b]);
    expect(tables).toEqual({ taxable: net.taxable, cgst: net.cgst, sgst: net.sgst, igst: net.igst });
    expect(sum(report.hsn)).toEqual(tables);
    expect(net.taxable + net.cgst + net.sgst + net.igst + net.cess).toBe(net.value);
  });

  it("gives each table as CSV, and refuses an unknown period or table", async () => {
    const csv = await reportRoute(getRequest("/api/gst-report?period=2026-10&format=csv&table=b2cs", boss.cookie), { params: Promise.resolve({}) });
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="gstr1-b2cs-2026-10.csv"');
    expect((await csv.text()).split("\n").slice(0, 3)).toEqual([
      "Type,Place Of Supply,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
      "OE,27-Maharashtra,18,5000.00,900.00,0.00,0.00,0.00",
      "OE,29-Karnataka,5,2809.52,0.00,70.24,70.24,0.00",
    ]);
    for (const search of ["?period=2026-13", "?period=", "?period=2026-10&format=csv&table=gstr3b"]) {
      expect((await reportRoute(getRequest(`/api/gst-report${search}`, boss.cookie), { params: Promise.resolve({}) })).status, search).toBe(400);
    }
  });

  it("for a composition seller: says so, with the period's turnover (documents less their credit notes)", async () => {
    expect(report.registration).toBe("REGULAR");
    await saveSeller({ ...DEMO_SELLER, registration: "COMPOSITION" }, null);
    try {
      const answer = await reportRoute(getRequest("/api/gst-report?period=2026-Q3", boss.cookie), { params: Promise.resolve({}) });
      const quarter = (await answer.json()).data as GstReport;
      expect(quarter.registration).toBe("COMPOSITION");
      expect(quarter.period.label).toBe("Q3 2026-27 (October–December)");
      // The quarter holds November's invoice too.
      expect(quarter.turnover).toBe(report.totals.net.value + 1_000_000);
      expect(quarter.documents.find((row) => row.series === "IN")?.nature).toBe("Invoices and bills of supply");
    } finally {
      await saveSeller(DEMO_SELLER, null);
    }
  });
});
