import { documentLayout } from "@/lib/billing/document-layout";
import type { TaxDocumentView } from "@/lib/billing/tax-document";

/**
 * A tax invoice, bill of supply or credit note as a page that prints on A4: the same layout the
 * PDF draws (lib/billing/document-layout.ts). On a phone the lines' table scrolls sideways inside
 * its own box; the page itself never does.
 */
export function TaxDocumentSheet({ document }: { document: TaxDocumentView }) {
  const layout = documentLayout(document);
  return (
    <article aria-labelledby="document-title" className="rounded-2xl bg-white p-4 text-sm text-slate-900 shadow-sm ring-1 ring-slate-200 sm:p-8 print:p-0 print:shadow-none print:ring-0">
      <header className="text-center">
        <h1 id="document-title" className="text-2xl font-bold">
          {layout.title}
        </h1>
        {layout.subheading ? <p className="mt-1 text-sm">{layout.subheading}</p> : null}
      </header>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="document-seller" className="rounded-lg p-3 ring-1 ring-slate-200">
          <h2 id="document-seller" className="font-semibold">
            {layout.seller.heading}
          </h2>
          <address className="mt-1 leading-relaxed not-italic">
            {layout.seller.lines.map((line, index) => (
              <span key={index} className="block break-words">
                {line}
              </span>
            ))}
          </address>
        </section>
        <dl className="grid grid-cols-[auto_1fr] content-start gap-x-4 gap-y-1 rounded-lg p-3 ring-1 ring-slate-200">
          {layout.facts.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="text-slate-600">{fact.label}</dt>
              <dd className="break-words">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <section aria-labelledby="document-buyer" className="mt-4 rounded-lg p-3 ring-1 ring-slate-200">
        <h2 id="document-buyer" className="font-semibold">
          {layout.buyer.heading}
        </h2>
        <address className="mt-1 leading-relaxed not-italic">
          {layout.buyer.lines.map((line, index) => (
            <span key={index} className="block break-words">
              {line}
            </span>
          ))}
        </address>
      </section>
      <div className="mt-6 overflow-x-auto rounded-lg ring-1 ring-slate-200" tabIndex={0} role="region" aria-label="Lines">
        <table className="w-full min-w-[44rem] border-collapse text-left">
          <thead className="bg-slate-50">
            <tr>
              {layout.columns.map((column) => (
                <th key={column.key} scope="col" className={`px-2 py-2 font-semibold ${column.numeric ? "text-right" : ""}`}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {layout.rows.map((row, index) => (
              <tr key={index} className="border-t border-slate-200 align-top">
                {layout.columns.map((column) => (
                  <td key={column.key} className={`px-2 py-2 ${column.numeric ? "text-right tabular-nums" : ""}`}>
                    {row[column.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        {layout.totals.map((fact, index) => (
          <div key={fact.label} className={`contents ${index === layout.totals.length - 1 ? "font-bold" : ""}`}>
            <dt className={index === layout.totals.length - 1 ? "border-t border-slate-900 pt-1" : ""}>{fact.label}</dt>
            <dd className={`text-right tabular-nums ${index === layout.totals.length - 1 ? "border-t border-slate-900 pt-1" : ""}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4">
        <span className="text-slate-600">Amount in words:</span> {layout.amountInWords}
      </p>
      <ul className="mt-4 space-y-1 text-slate-600">
        {layout.notes.map((note, index) => (
          <li key={index}>{note}</li>
        ))}
      </ul>
      <p className="mt-8 text-right">{layout.signature}</p>
    </article>
  );
}
