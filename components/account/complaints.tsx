"use client";

import useSWR from "swr";
import { useId, useRef } from "react";
import { toast } from "@/components/ui/toast";
import { fetchJson, postJson } from "@/lib/api-client";
import { orderNumber } from "@/lib/orders/order-number";
import { formatDate, formatDateTime } from "@/lib/shared/dates";
import { COMPLAINT_MESSAGE_MAX, COMPLAINT_STATUS_LABELS, COMPLAINT_SUBJECT_MAX } from "@/lib/support/complaints";
import type { PublicComplaint } from "@/lib/server/support/complaints";
import { useHydrated } from "../ui/use-hydrated";
import { useApiAction } from "../ui/use-api-action";
import { useFieldErrors } from "../ui/use-field-errors";
import { INPUT_CLASS } from "./form-styles";
import { useCurrentUser } from "./use-current-user";

const KEY = "/api/complaints";
const FIELDS = ["subject", "message", "orderId"];

/**
 * My Account's complaints to the grievance officer: raise one (optionally about one of the
 * shopper's orders), then follow each ticket's state and the officer's answers. Shoppers only.
 */
export function Complaints() {
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const shopper = user?.role === "USER";
  const { data: complaints, error: loadError, mutate } = useSWR<PublicComplaint[]>(hydrated && shopper ? KEY : null, async () => (await fetchJson<PublicComplaint[]>(KEY)).data);
  const { data: orders } = useSWR<{ _id: string; createdAt: string }[]>(hydrated && shopper ? "/api/get-order-details" : null, async () => (await fetchJson<{ _id: string; createdAt: string }[]>("/api/get-order-details")).data);
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const { errors, problem, clear, refuse, describedBy: described, errorOf: error } = useFieldErrors(id, (name) => FIELDS.includes(name));
  const { pending, run } = useApiAction({ quiet: true });
  if (!hydrated || !shopper) return null;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const body = { subject: String(data.get("subject") ?? ""), message: String(data.get("message") ?? ""), orderId: String(data.get("orderId") ?? "") || null };
    clear();
    await run(async () => {
      try {
        const answer = await postJson<PublicComplaint>(KEY, body);
        form.current?.reset();
        await mutate((list) => [answer.data, ...(list ?? [])], { revalidate: false });
        toast.success(answer.message);
      } catch (refused) {
        refuse(refused);
      }
    });
  }

  return (
    <section id="complaints" aria-labelledby={`${id}-heading`} className="mt-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8" data-testid="complaints">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Complaints
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Something wrong with an order, a product or the store? Our grievance officer acknowledges every complaint within 48 hours and resolves it within a month.
      </p>
      <form ref={form} onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-subject`} className="text-sm font-medium">
            Subject
          </label>
          <input id={`${id}-subject`} name="subject" maxLength={COMPLAINT_SUBJECT_MAX} required aria-invalid={Boolean(errors.subject)} aria-describedby={described("subject")} className={INPUT_CLASS} />
          {error("subject")}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-orderId`} className="text-sm font-medium">
            About the order (optional)
          </label>
          <select id={`${id}-orderId`} name="orderId" defaultValue="" aria-invalid={Boolean(errors.orderId)} aria-describedby={described("orderId")} className={INPUT_CLASS}>
            <option value="">No order in particular</option>
            {(orders ?? []).map((order) => (
              <option key={order._id} value={order._id}>
                Order {orderNumber(order._id)} of {formatDate(order.createdAt)}
              </option>
            ))}
          </select>
          {error("orderId")}
        </div>
        <div className="space-y-1 sm:col-span-2">
          <label htmlFor={`${id}-message`} className="text-sm font-medium">
            What happened
          </label>
          <textarea id={`${id}-message`} name="message" rows={4} maxLength={COMPLAINT_MESSAGE_MAX} required aria-invalid={Boolean(errors.message)} aria-describedby={described("message")} className={INPUT_CLASS} />
          {error("message")}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2">
            {problem}
          </p>
        )}
        <div className="sm:col-span-2">
          <button type="submit" disabled={pending} className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
            {pending ? "Sending…" : "Send complaint"}
          </button>
        </div>
      </form>
      {loadError && !complaints ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          Your complaints could not be loaded.{" "}
          <button type="button" onClick={() => mutate()} className="font-medium text-brand-700 underline underline-offset-2">
            Try again
          </button>
        </p>
      ) : !complaints ? (
        <div role="status" aria-busy="true" aria-label="Loading your complaints" className="mt-6 h-24 animate-pulse rounded-lg bg-slate-100" />
      ) : complaints.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">You have raised no complaint.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200" aria-label="Your complaints">
          {complaints.map((complaint) => (
            <li key={complaint._id} className="py-3" data-testid="complaint">
              <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold">{complaint.ticket}</span>
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold" data-testid="complaint-status">
                  {COMPLAINT_STATUS_LABELS[complaint.status]}
                </span>
                <span className="text-sm text-slate-600">
                  <time dateTime={complaint.createdAt}>{formatDateTime(complaint.createdAt)}</time>
                  {complaint.order ? ` · order ${complaint.order.number}` : ""}
                </span>
              </p>
              <p className="mt-1 font-medium [overflow-wrap:anywhere]">{complaint.subject}</p>
              {complaint.replies.map((reply, index) => (
                <blockquote key={index} className="mt-2 border-l-4 border-brand-200 pl-3 text-sm whitespace-pre-line [overflow-wrap:anywhere]">
                  <span className="block text-xs text-slate-600">
                    Grievance officer, <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                  </span>
                  {reply.message}
                </blockquote>
              ))}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
