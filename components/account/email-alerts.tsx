"use client";

import Link from "next/link";
import useSWR from "swr";
import { useId } from "react";
import { toast } from "@/components/ui/toast";
import { fetchJson, postJson } from "@/lib/api-client";
import { formatDate } from "@/lib/shared/dates";
import { formatRupeeAmount } from "@/lib/shared/money";
import { useHydrated } from "../ui/use-hydrated";
import { useApiAction } from "../ui/use-api-action";
import { useCurrentUser } from "./use-current-user";

type Alert = {
  _id: string;
  product: { _id: string; productName: string; sellingPrice: number; inStock: boolean; archived: boolean };
  priceAlert: boolean;
  stockAlert: boolean;
  priceBaseline: number | null;
  since: string | null;
};
type Preferences = { reviewRequests: boolean };
const ALERTS_KEY = "/api/wishlist-alerts";
const PREFERENCES_KEY = "/api/mail-preferences";
const SECTION = "mt-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8";

/**
 * My Account's "Email alerts and preferences": the shopper's wishlist alerts (product, which alert,
 * since when), each turned off with its own button, and the "Review request emails" switch.
 * Shoppers only (an admin's account has no wishlist).
 */
export function EmailAlerts() {
  const hydrated = useHydrated();
  const { user } = useCurrentUser();
  const shopper = user?.role === "USER";
  const id = useId();
  const alerts = useSWR<Alert[]>(hydrated && shopper ? ALERTS_KEY : null, async () => (await fetchJson<Alert[]>(ALERTS_KEY)).data);
  const preferences = useSWR<Preferences>(hydrated && shopper ? PREFERENCES_KEY : null, async () => (await fetchJson<Preferences>(PREFERENCES_KEY)).data);
  const { pending, run } = useApiAction();
  if (!hydrated || !shopper) return null;

  const turnOff = (alert: Alert, kind: "price" | "stock") =>
    run(async () => {
      const answer = await postJson(`/api/wishlist-alert`, { productId: alert.product._id, [kind]: false });
      toast.success(answer.message);
      await alerts.mutate();
    });
  const setReviewRequests = (on: boolean) =>
    run(async () => {
      const answer = await postJson<Preferences>(PREFERENCES_KEY, { reviewRequests: on });
      await preferences.mutate(answer.data, { revalidate: false });
      toast.success(answer.message);
    });

  const list = alerts.data;
  return (
    <section aria-labelledby={`${id}-heading`} className={SECTION} data-testid="email-alerts">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Email alerts
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Emails about products on your <Link href="/user-panel/wishlist" className="text-brand-700 underline underline-offset-2 hover:text-brand-600">wishlist</Link>: when the price drops, or when it is back in stock. At most one email a day lists every change.
      </p>
      {alerts.error && !list ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Your alerts could not be loaded.{" "}
          <button type="button" onClick={() => alerts.mutate()} className="font-medium text-brand-700 underline underline-offset-2">
            Try again
          </button>
        </p>
      ) : !list ? (
        <div role="status" aria-busy="true" aria-label="Loading your alerts" className="mt-4 h-16 animate-pulse rounded-lg bg-slate-100" />
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm" data-testid="no-alerts">
          No alerts are on. Turn them on under a product on your wishlist, or press “Notify me” on a product that is out of stock.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Your alerts">
          {list.map((alert) => (
            <li key={alert._id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="alert-row">
              <div className="min-w-0">
                <Link href={`/product/${alert.product._id}`} className="font-medium break-words text-brand-700 hover:underline">
                  {alert.product.productName}
                </Link>
                <p className="text-sm text-slate-600">
                  {[alert.priceAlert && `Price drop below ${formatRupeeAmount(alert.priceBaseline ?? alert.product.sellingPrice)}`, alert.stockAlert && "Back in stock"].filter(Boolean).join(" · ")}
                  {alert.since ? ` · since ${formatDate(alert.since)}` : ""}
                  {alert.product.archived ? " · no longer sold" : ""}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {alert.priceAlert && (
                  <button type="button" disabled={pending} onClick={() => turnOff(alert, "price")} aria-label={`Turn off price drop alert for ${alert.product.productName}`} className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-50 disabled:opacity-60">
                    Turn off price drop alert
                  </button>
                )}
                {alert.stockAlert && (
                  <button type="button" disabled={pending} onClick={() => turnOff(alert, "stock")} aria-label={`Turn off back in stock alert for ${alert.product.productName}`} className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium hover:bg-slate-50 disabled:opacity-60">
                    Turn off back in stock alert
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6 border-t border-slate-200 pt-4">
        <label htmlFor={`${id}-reviews`} className="flex cursor-pointer items-center justify-between gap-4">
          <span>
            <span className="block font-medium">Review request emails</span>
            <span className="block text-sm text-slate-600">A few days after a delivery, an email asking how you like what you bought.</span>
          </span>
          <input
            id={`${id}-reviews`}
            type="checkbox"
            role="switch"
            checked={preferences.data?.reviewRequests ?? true}
            disabled={pending || !preferences.data}
            onChange={(event) => setReviewRequests(event.currentTarget.checked)}
            className="h-5 w-5 shrink-0 accent-brand-600"
            data-testid="review-requests-switch"
          />
        </label>
      </div>
    </section>
  );
}
