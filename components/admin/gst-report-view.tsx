import { invoiceAmount } from "@/lib/billing/document-layout";
import { stateIsoCode } from "@/lib/billing/gst-states";
import type { GstReport, Heads } from "@/lib/server/billing/gst-report";
import { formatDate } from "@/lib/shared/dates";
import { indiaStateName } from "@/lib/shared/india";
import { PRIMARY_ACTION } from "./order-action-styles";

// The GST report's screen: a period picker (a plain GET form: it works without script), the
// totals, and each GSTR-1 table with its CSV. Tables scroll sideways in their own box on a phone.

const CARD = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5";
const place = (code: string) => `${code} ${indiaStateName(stateIsoCode(code))}`;

type Column<T> = { label: string; value: (row: T) => string; numeric?: boolean };

const HEAD_COLUMNS = <T extends Heads>(): Column<T>[] => [
  { label: "Taxable value", value: (row) => invoiceAmount(row.taxable), numeric: true },
  { label: "IGST", value: (row) => invoiceAmount(row.igst), numeric: true },
  { label: "CGST", value: (row) => invoiceAmount(row.cgst), numeric: true },
  { label: "SGST/UTGST", value: (row) => invoiceAmount(row.sgst), numeric: true },
  { label: "Cess", value: (row) => invoiceAmount(row.cess), numeric: true },
];

function Table<T>({ id, title, note, rows, columns, csv }: { id: string; title: string; note: string; rows: T[]; columns: Column<T>[]; csv: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className={CARD}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title}
        </h2>
        <a href={csv} download className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Download {title} as CSV
        </a>
      </div>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">Nothing in this period.</p>
      ) : (
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={title}>
          <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
            <thead className="bg-slate-50">
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={`px-2 py-2 font-semibold ${column.numeric ? "text-right" : ""}`}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index} className="border-t border-slate-200">
                  {columns.map((column) => (
                    <td key={column.label} className={`px-2 py-1.5 ${column.numeric ? "text-right tabular-nums" : ""}`}>
                      {column.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function GstReportView({ report, periods }: { report: GstReport; periods: { key: string; label: string }[] }) {
  const csv = (table: string) => `/api/gst-report?period=${encodeURIComponent(report.period.key)}&format=csv&table=${table}`;
  const { invoices, creditNotes, net } = report.totals;
  const totals = [
    { label: "Invoices", value: invoices },
    { label: "Credit notes", value: creditNotes },
    { label: "Net", value: net },
  ];
  return (
    <div className="space-y-4">
      <form method="get" className={`${CARD} flex flex-wrap items-end gap-3`}>
        <div className="space-y-1">
          <label htmlFor="gst-period" className="text-sm font-medium">
            Period
          </label>
          <select id="gst-period" name="period" defaultValue={report.period.key} className="block rounded-lg border border-slate-300 bg-white px-3 py-2">
            {(periods.some((period) => period.key === report.period.key) ? periods : [{ key: report.period.key, label: report.period.label }, ...periods]).map((period) => (
              <option key={period.key} value={period.key}>
                {period.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={PRIMARY_ACTION}>
          Show
        </button>
      </form>
      <section aria-labelledby="gst-totals-heading" className={CARD}>
        <h2 id="gst-totals-heading" className="text-lg font-semibold">
          {report.period.label}
        </h2>
        {report.registration === "COMPOSITION" ? (
          <p className="mt-2 text-sm" data-testid="composition-note">
            The seller is a composition taxpayer: GSTR-1 does not apply (composition taxpayers file CMP-08 each quarter and GSTR-4 each year). Turnover in this period:{" "}
            <strong>₹{invoiceAmount(report.turnover)}</strong>.
          </p>
        ) : null}
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Totals">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm" data-testid="gst-totals">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-2 py-2 font-semibold">
                  <span className="sr-only">Documents</span>
                </th>
                {["Value", "Taxable value", "IGST", "CGST", "SGST/UTGST", "Cess"].map((label) => (
                  <th key={label} scope="col" className="px-2 py-2 text-right font-semibold">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {totals.map(({ label, value }) => (
                <tr key={label} className={`border-t border-slate-200 ${label === "Net" ? "font-semibold" : ""}`}>
                  <th scope="row" className="px-2 py-1.5 text-left font-medium">
                    {label}
                  </th>
                  {[value.value, value.taxable, value.igst, value.cgst, value.sgst, value.cess].map((amount, index) => (
                    <td key={index} className="px-2 py-1.5 text-right tabular-nums">
                      {invoiceAmount(amount)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <Table
        id="b2cs"
        title="B2C sales"
        note="To unregistered buyers, by place of supply and rate, net of their credit notes (GSTR-1 table 7); large inter-state invoices are listed below instead."
        rows={report.b2cs}
        csv={csv("b2cs")}
        columns={[{ label: "Place of supply", value: (row) => place(row.placeOfSupply) }, { label: "Supply", value: (row) => (row.type === "INTER" ? "Inter-state" : "Intra-state") }, { label: "Rate", value: (row) => `${row.rate}%`, numeric: true }, ...HEAD_COLUMNS()]}
      />
      <Table
        id="b2cl"
        title="Large inter-state B2C invoices"
        note="Invoices of more than ₹1,00,000 to unregistered buyers in another state, each listed (table 5)."
        rows={report.b2cl}
        csv={csv("b2cl")}
        columns={[{ label: "Invoice", value: (row) => row.number }, { label: "Date", value: (row) => formatDate(row.date) }, { label: "Place of supply", value: (row) => place(row.placeOfSupply) }, { label: "Invoice value", value: (row) => invoiceAmount(row.invoiceValue), numeric: true }, { label: "Rate", value: (row) => `${row.rate}%`, numeric: true }, ...HEAD_COLUMNS()]}
      />
      <Table
        id="b2b"
        title="B2B invoices"
        note="Invoices to buyers who gave their GSTIN (table 4)."
        rows={report.b2b}
        csv={csv("b2b")}
        columns={[{ label: "GSTIN", value: (row) => row.gstin }, { label: "Buyer", value: (row) => row.buyer }, { label: "Invoice", value: (row) => row.number }, { label: "Date", value: (row) => formatDate(row.date) }, { label: "Place of supply", value: (row) => place(row.placeOfSupply) }, { label: "Invoice value", value: (row) => invoiceAmount(row.invoiceValue), numeric: true }, { label: "Rate", value: (row) => `${row.rate}%`, numeric: true }, ...HEAD_COLUMNS()]}
      />
      <Table
        id="cdn"
        title="Credit notes"
        note="Every credit note of the period, with its invoice (table 9B: CDNR for registered buyers, CDNUR for large inter-state invoices; the rest are netted in B2C sales above)."
        rows={report.creditNotes}
        csv={csv("cdn")}
        columns={[{ label: "Table", value: (row) => row.table }, { label: "Credit note", value: (row) => row.number }, { label: "Date", value: (row) => formatDate(row.date) }, { label: "Invoice", value: (row) => row.invoiceNumber }, { label: "GSTIN", value: (row) => row.gstin ?? "" }, { label: "Note value", value: (row) => invoiceAmount(row.value), numeric: true }, { label: "Rate", value: (row) => `${row.rate}%`, numeric: true }, ...HEAD_COLUMNS()]}
      />
      <Table
        id="hsn"
        title="HSN summary"
        note="By HSN code and rate, B2B and B2C apart, net of credit notes (table 12)."
        rows={report.hsn}
        csv={csv("hsn")}
        columns={[{ label: "Section", value: (row) => row.section }, { label: "HSN", value: (row) => row.hsn }, { label: "Description", value: (row) => row.description }, { label: "UQC", value: (row) => row.uqc }, { label: "Quantity", value: (row) => String(row.quantity), numeric: true }, { label: "Value", value: (row) => invoiceAmount(row.value), numeric: true }, { label: "Rate", value: (row) => `${row.rate}%`, numeric: true }, ...HEAD_COLUMNS()]}
      />
      <Table
        id="docs"
        title="Documents issued"
        note="Each series' first and last number in the period (table 13). Issued documents are never cancelled or deleted: a mistake is corrected by a credit note."
        rows={report.documents}
        csv={csv("docs")}
        columns={[{ label: "Nature", value: (row) => row.nature }, { label: "From", value: (row) => row.from }, { label: "To", value: (row) => row.to }, { label: "Count", value: (row) => String(row.count), numeric: true }, { label: "Cancelled", value: (row) => String(row.cancelled), numeric: true }]}
      />
    </div>
  );
}
