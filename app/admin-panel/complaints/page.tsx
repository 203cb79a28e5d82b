import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { ComplaintAnswer } from "@/components/admin/complaint-answer";
import { formatDateTime } from "@/lib/shared/dates";
import { COMPLAINT_STATUS_LABELS, timeLeft } from "@/lib/support/complaints";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { listComplaintsForAdmin } from "@/lib/server/support/complaints";

export const metadata: Metadata = { title: "Complaints" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The grievance officer's desk: open complaints oldest first, each with its 48-hour
// acknowledgement and one-month resolution deadlines and the time left; a reply is mailed to the
// shopper and may close the complaint. Read at request time, admins only.
export default function ComplaintsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <section aria-labelledby="complaints-heading" className="space-y-4">
      <h1 id="complaints-heading" className="text-2xl font-semibold">
        Complaints
      </h1>
      <Suspense fallback={<div className="h-96 animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading the complaints" />}>
        <ComplaintList searchParams={searchParams} />
      </Suspense>
    </section>
  );
}

async function ComplaintList({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const view = (await searchParams).view === "closed" ? "closed" : "open";
  const complaints = await listComplaintsForAdmin(view);
  const now = new Date();
  return (
    <>
      <nav aria-label="Which complaints" className="flex gap-3 text-sm">
        <Link href="/admin-panel/complaints" aria-current={view === "open" ? "page" : undefined} className={view === "open" ? "font-semibold text-brand-700 underline" : "text-slate-700 hover:underline"}>
          Open
        </Link>
        <Link href="/admin-panel/complaints?view=closed" aria-current={view === "closed" ? "page" : undefined} className={view === "closed" ? "font-semibold text-brand-700 underline" : "text-slate-700 hover:underline"}>
          Closed
        </Link>
      </nav>
      {complaints.length === 0 ? (
        <p className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm">{view === "open" ? "No open complaints." : "No closed complaints yet."}</p>
      ) : (
        <ul className="space-y-4" aria-label={view === "open" ? "Open complaints" : "Closed complaints"}>
          {complaints.map((complaint) => (
            <li key={complaint._id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" data-testid="admin-complaint">
              <article aria-labelledby={`complaint-${complaint._id}`}>
                <h2 id={`complaint-${complaint._id}`} className="flex flex-wrap items-baseline gap-x-3 text-lg font-semibold">
                  <span>{complaint.ticket}</span>
                  <span className="text-base font-medium [overflow-wrap:anywhere]">{complaint.subject}</span>
                </h2>
                <p className="text-sm text-slate-700">
                  {COMPLAINT_STATUS_LABELS[complaint.status]} · from <span className="[overflow-wrap:anywhere]">{complaint.email}</span> · <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time>
                  {complaint.order && (
                    <>
                      {" · "}
                      <Link href={`/admin-panel/orders/${complaint.order._id}`} className="text-brand-700 underline">
                        order {complaint.order.number}
                      </Link>
                    </>
                  )}
                </p>
                <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]" data-testid="complaint-deadlines">
                  <dt className="text-slate-600">Acknowledgement (48 hours)</dt>
                  <dd>{complaint.acknowledgedAt ? `mailed ${formatDateTime(complaint.acknowledgedAt)}` : `not mailed yet: due ${formatDateTime(complaint.acknowledgeBy)}, ${timeLeft(new Date(complaint.acknowledgeBy), now)}`}</dd>
                  <dt className="text-slate-600">Resolution (one month)</dt>
                  <dd>{complaint.closedAt ? `closed ${formatDateTime(complaint.closedAt)}` : `due ${formatDateTime(complaint.resolveBy)}, ${timeLeft(new Date(complaint.resolveBy), now)}`}</dd>
                </dl>
                <p className="mt-3 whitespace-pre-line [overflow-wrap:anywhere]">{complaint.message}</p>
                {complaint.replies.map((reply, index) => (
                  <blockquote key={index} className="mt-2 border-l-4 border-brand-200 pl-3 text-sm whitespace-pre-line [overflow-wrap:anywhere]">
                    <span className="block text-xs text-slate-600">
                      Reply, <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                    </span>
                    {reply.message}
                  </blockquote>
                ))}
                {complaint.status !== "CLOSED" && <ComplaintAnswer complaintId={complaint._id} ticket={complaint.ticket} />}
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
