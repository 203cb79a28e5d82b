import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { GstReportView } from "@/components/admin/gst-report-view";
import { monthKey, parseReportPeriod, recentPeriods } from "@/lib/billing/report-period";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { gstReport } from "@/lib/server/billing/gst-report";

export const metadata: Metadata = { title: "GST report" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The month's (or quarter's, or year's) GST figures from the invoices and credit notes issued,
// as GSTR-1 asks for them, each table downloadable as CSV. Read at request time, admins only.
export default function GstReportPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <section aria-labelledby="gst-report-heading" className="space-y-4">
      <div>
        <h1 id="gst-report-heading" className="text-2xl font-semibold">
          GST report
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          The figures GSTR-1 asks for, from the tax invoices and credit notes the store issued. A help for filing, not a filing tool and not legal advice: check them with your
          accountant.
        </p>
      </div>
      <Suspense fallback={<div className="h-[36rem] animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading the GST report" />}>
        <Report searchParams={searchParams} />
      </Suspense>
    </section>
  );
}

async function Report({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const asked = (await searchParams).period;
  const now = new Date();
  const period = parseReportPeriod(typeof asked === "string" ? asked : "") ?? parseReportPeriod(monthKey(now))!;
  const report = await gstReport(period);
  return <GstReportView report={report} periods={recentPeriods(now).map(({ key, label }) => ({ key, label }))} />;
}
