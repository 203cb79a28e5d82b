"use client";

import { useState } from "react";
import useSWR from "swr";
import { toast } from "@/components/ui/toast";
import { fetchJson, postJson } from "@/lib/api-client";
import { formatDateTime } from "@/lib/shared/dates";
import type { PublicHold } from "@/lib/server/orders/types";
import { ConfirmDialog } from "../ui/confirm-dialog";
import { apiErrorMessage, useApiAction } from "../ui/use-api-action";

// The open checkouts holding a product (the product form) or an order's products (the order
// page), each with Release: for an account keeping units from everyone else. The release expires
// the checkout's payment page and puts its units back on sale (POST /api/release-hold).

export function OpenHolds({ query, headingLevel = "h3", onReleased }: { query: { productId: string } | { orderId: string }; headingLevel?: "h2" | "h3"; onReleased?: () => void }) {
  const search = "productId" in query ? `productId=${encodeURIComponent(query.productId)}` : `orderId=${encodeURIComponent(query.orderId)}`;
  const { data, error, mutate } = useSWR(`/api/open-holds?${search}`, (path: string) => fetchJson<PublicHold[]>(path));
  const holds = data?.data ?? null;
  const failed = error ? apiErrorMessage(error) : "";
  const [releasing, setReleasing] = useState<PublicHold | null>(null);
  const [problem, setProblem] = useState("");
  const { pending, run } = useApiAction();
  const Heading = headingLevel;

  async function release(hold: PublicHold) {
    setProblem("");
    await run(async () => {
      try {
        const answer = await postJson<{ released: boolean }>("/api/release-hold", { checkoutId: hold._id });
        toast.success(answer.message);
        setReleasing(null);
        onReleased?.();
      } catch (error) {
        setProblem(apiErrorMessage(error));
        throw error;
      } finally {
        await mutate();
      }
    });
  }

  return (
    <section aria-label="Open checkouts" data-testid="open-holds" className="space-y-2 text-sm">
      <Heading className="font-semibold">Held by open checkouts</Heading>
      {failed && <p className="text-red-700">{failed}</p>}
      {holds === null && !failed && <p className="text-slate-600">Loading…</p>}
      {holds?.length === 0 && <p className="text-slate-600">No open checkout holds units now.</p>}
      {holds && holds.length > 0 && (
        <ul className="divide-y divide-slate-100">
          {holds.map((hold) => (
            <li key={hold._id} data-testid="open-hold" className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">{hold.email}</p>
                <p className="text-slate-700 [overflow-wrap:anywhere]">
                  {hold.lines.map((line) => `${line.quantity} × ${line.name}`).join(", ")}
                  {hold.buyNow && " (Buy Now)"}
                </p>
                <p className="text-slate-600">
                  Since <time dateTime={hold.createdAt}>{formatDateTime(hold.createdAt)}</time>, until <time dateTime={hold.expiresAt}>{formatDateTime(hold.expiresAt)}</time>
                </p>
              </div>
              <button
                type="button"
                onClick={() => {
                  setProblem("");
                  setReleasing(hold);
                }}
                aria-label={`Release the hold of ${hold.email}`}
                className="rounded-full px-3 py-1.5 text-sm font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50"
              >
                Release
              </button>
            </li>
          ))}
        </ul>
      )}
      {releasing && (
        <ConfirmDialog
          title="Release this hold?"
          confirmLabel="Release hold"
          pending={pending}
          error={problem}
          onConfirm={() => void release(releasing)}
          onClose={() => setReleasing(null)}
        >
          The checkout of {releasing.email} ({releasing.units} unit{releasing.units === 1 ? "" : "s"}) ends now: its payment page stops taking payments and its units go back on sale.
        </ConfirmDialog>
      )}
    </section>
  );
}
