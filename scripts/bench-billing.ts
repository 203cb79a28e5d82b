// GST billing's figures: the GST report over a month of BENCH_BILLING_ORDERS invoices (100,000 by
// default, with their lines and a credit note for one in twenty), invoices issued per second through
// issueInvoice() (one process, and two racing on the series as two instances would), and invoice
// PDFs drawn per second. Run by scripts/bench.ts in a child process (server-only resolved to an
// empty module, as the production server does) with DATABASE_URL pointing at a freshly migrated
// throwaway database. Prints one JSON line.
import { register } from "node:module";
import pg from "pg";

register("../server/server-only.mjs", import.meta.url);
const { gstReport } = await import("../lib/server/billing/gst-report");
const { issueInvoice } = await import("../lib/server/billing/invoices");
const { saveSeller } = await import("../lib/server/billing/seller");
const { documentPdf } = await import("../lib/server/billing/document-pdf");
const { sampleInvoice } = await import("../lib/billing/sample-document");
const { DEMO_SELLER } = await import("../lib/billing/demo-seller");
const { parseReportPeriod } = await import("../lib/billing/report-period");

const ORDERS = Number(process.env.BENCH_BILLING_ORDERS ?? 100_000);
const ISSUES = Number(process.env.BENCH_BILLING_ISSUES ?? 400);
const PDFS = Number(process.env.BENCH_BILLING_PDFS ?? 200);
const RUNS = 5;
const MONTH = parseReportPeriod("2026-10")!;

const round1 = (n: number) => Math.round(n * 10) / 10;
const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { min: round1(sorted[0]!), median: round1(sorted[Math.floor(sorted.length / 2)]!), max: round1(sorted[sorted.length - 1]!) };
};

/**
 * ORDERS invoices over October 2026 with one to three lines each (three rates, four places of
 * supply, one in fifty B2B), and a credit note for every twentieth: written straight as rows, as
 * issueInvoice would have (their figures add up; the report only reads them).
 */
async function fill(client: pg.Client): Promise<void> {
  await client.query(`
    INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", "createdAt")
    SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'bench' || g || '@example.in', 'cs_billing_' || g, '{card}', 'paid', 0, 0, now()
    FROM generate_series(1, ${ORDERS}) g`);
  await client.query(`
    INSERT INTO "TaxDocument" (id, kind, number, series, "financialYear", serial, "orderId", "issuedAt", "placeOfSupply", "sellerState", "interState", "buyerGstin", taxable, cgst, sgst, utgst, igst, cess, total, content)
    SELECT ('00000000-0000-4000-9000-' || lpad(to_hex(g), 12, '0'))::uuid, 'INVOICE', 'IN/2627/' || lpad(g::text, 8, '0'), 'IN', '2627', g,
           ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid,
           timestamptz '2026-09-30 18:30:00+00' + (g * interval '26 seconds'),
           (ARRAY['29','27','07','33'])[1 + g % 4], '29', g % 4 <> 0, CASE WHEN g % 50 = 0 THEN '27AAPFU0939F1ZV' END,
           0, 0, 0, 0, 0, 0, 0, '{}'::jsonb
    FROM generate_series(1, ${ORDERS}) g`);
  // Lines: 1 + g % 3 per invoice; 100,000 paise each at 18 %, 5 % or 28 %, the heads as issueInvoice splits them.
  await client.query(`ALTER TABLE "TaxDocumentLine" DISABLE TRIGGER "TaxDocumentLine_frozen"`);
  await client.query(`
    INSERT INTO "TaxDocumentLine" (id, "documentId", position, kind, description, "hsnCode", quantity, "unitPrice", gross, taxable, "rateBp", "cessRateBp", cgst, sgst, utgst, igst, cess)
    SELECT gen_random_uuid(), ('00000000-0000-4000-9000-' || lpad(to_hex(g), 12, '0'))::uuid, p, 'GOODS', 'Bench item', (ARRAY['8517','85183000','8528'])[1 + p % 3], 1, 100000, 100000,
           round(100000 * 10000.0 / (10000 + r)), r, 0,
           CASE WHEN g % 4 = 0 THEN round((100000 - round(100000 * 10000.0 / (10000 + r))) / 2.0) ELSE 0 END,
           CASE WHEN g % 4 = 0 THEN (100000 - round(100000 * 10000.0 / (10000 + r))) - round((100000 - round(100000 * 10000.0 / (10000 + r))) / 2.0) ELSE 0 END,
           0,
           CASE WHEN g % 4 = 0 THEN 0 ELSE 100000 - round(100000 * 10000.0 / (10000 + r)) END,
           0
    FROM generate_series(1, ${ORDERS}) g, generate_series(1, 1 + g % 3) p, LATERAL (SELECT (ARRAY[1800, 500, 2800])[1 + (g + p) % 3] AS r) rate`);
  await client.query(`ALTER TABLE "TaxDocument" DISABLE TRIGGER "TaxDocument_frozen"`);
  await client.query(`
    UPDATE "TaxDocument" d SET taxable = s.taxable, cgst = s.cgst, sgst = s.sgst, igst = s.igst, total = s.gross
    FROM (SELECT "documentId", sum(taxable) taxable, sum(cgst) cgst, sum(sgst) sgst, sum(igst) igst, sum(gross) gross FROM "TaxDocumentLine" GROUP BY "documentId") s
    WHERE s."documentId" = d.id`);
  await client.query(`ALTER TABLE "TaxDocument" ENABLE TRIGGER "TaxDocument_frozen"`);
  await client.query(`ALTER TABLE "TaxDocumentLine" ENABLE TRIGGER "TaxDocumentLine_frozen"`);
  await client.query(`INSERT INTO "DocumentSeries" VALUES ('IN', '2627', ${ORDERS})`);
  await client.query("ANALYZE");
}

/** ISSUES orders due for their invoice, one line each, delivered to Maharashtra. */
async function dueOrders(client: pg.Client, count: number, prefix: string): Promise<string[]> {
  const rows = await client.query<{ id: string }>(
    `INSERT INTO "Order" (id, "customerEmail", "checkoutSessionId", "paymentMethodTypes", "paymentStatus", "totalAmount", "expectedAmount", "invoiceDue", delivery)
     SELECT gen_random_uuid(), 'due@example.in', 'cs_due_${prefix}_' || g, '{card}', 'paid', 118000, 118000, true,
            '{"name":"Meera Iyer","phone":null,"line1":"1 MG Road","line2":null,"city":"Pune","state":"MH","postalCode":"411001","country":"IN"}'::jsonb
     FROM generate_series(1, ${count}) g RETURNING id`,
  );
  const ids = rows.rows.map((row) => row.id);
  await client.query(`INSERT INTO "OrderItem" (id, "orderId", name, image, price, quantity, "hsnCode", "gstRateBp", "cessRateBp") SELECT gen_random_uuid(), id, 'Due phone', '{}', 118000, 1, '8517', 1800, 0 FROM unnest($1::uuid[]) id`, [ids]);
  return ids;
}

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
await saveSeller(DEMO_SELLER, null);
let started = performance.now();
await fill(client);
const fillSeconds = (performance.now() - started) / 1000;

const reportMs: number[] = [];
let report = await gstReport(MONTH);
for (let run = 0; run < RUNS; run += 1) {
  started = performance.now();
  report = await gstReport(MONTH);
  reportMs.push(performance.now() - started);
}

// Issuing: one process one after another, then two "instances" racing on the series.
const single = await dueOrders(client, ISSUES, "one");
started = performance.now();
for (const id of single) await issueInvoice(id);
const singlePerSecond = ISSUES / ((performance.now() - started) / 1000);
const pair = await dueOrders(client, ISSUES, "two");
started = performance.now();
await Promise.all([0, 1].map(async (half) => {
  for (const id of pair.filter((_, index) => index % 2 === half)) await issueInvoice(id);
}));
const pairPerSecond = ISSUES / ((performance.now() - started) / 1000);

const invoice = sampleInvoice();
await documentPdf(invoice);
const pdfMs: number[] = [];
started = performance.now();
for (let i = 0; i < PDFS; i += 1) {
  const t = performance.now();
  await documentPdf(invoice);
  pdfMs.push(performance.now() - t);
}
const pdfPerSecond = PDFS / ((performance.now() - started) / 1000);
await client.end();

console.log(
  JSON.stringify({
    orders: ORDERS,
    lines: report.hsn.reduce((sum, row) => sum + row.quantity, 0),
    fillSeconds: round1(fillSeconds),
    report: { runs: RUNS, ...stats(reportMs), netValuePaise: report.totals.net.value },
    issue: { count: ISSUES, onePerSecond: round1(singlePerSecond), twoPerSecond: round1(pairPerSecond) },
    pdf: { count: PDFS, perSecond: round1(pdfPerSecond), ...stats(pdfMs) },
  }),
);
process.exit(0);
