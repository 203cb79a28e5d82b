import { NextResponse } from "next/server";
import { parseReportPeriod } from "@/lib/billing/report-period";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { gstReport } from "@/lib/server/billing/gst-report";
import { REPORT_TABLES, reportCsv, type ReportTable } from "@/lib/server/billing/gst-report-csv";
import { badRequest, handle, ok } from "@/lib/server/platform/http";

// GET /api/gst-report?period=2026-11[&format=csv&table=b2cs] — admins only, beyond the spec: the
// figures GSTR-1 asks for, from the invoices and credit notes issued in a month ("2026-11"), a
// quarter of the financial year ("2026-Q3") or the year ("2026-27"); one table as CSV with
// format=csv (b2cs, b2cl, b2b, cdn, hsn, docs).
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const period = parseReportPeriod(search.get("period") ?? "");
  if (!period) throw badRequest("Choose a period: a month (2026-11), a quarter (2026-Q3) or a financial year (2026-27).");
  const format = search.get("format");
  const table = search.get("table");
  if (format === "csv" && !REPORT_TABLES.includes(table as ReportTable)) throw badRequest(`Choose a table: ${REPORT_TABLES.join(", ")}.`);
  const report = await gstReport(period);
  if (format !== "csv") return ok(report, `GST figures for ${period.label}`);
  return new NextResponse(reportCsv(report, table as ReportTable), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="gstr1-${table}-${period.key}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
});
