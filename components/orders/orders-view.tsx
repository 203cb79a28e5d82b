"use client";

import { EmptyState } from "../ui/empty-state";
import Link from "next/link";
import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import type { PublicOrder } from "@/lib/server/orders/types";
import { CancelOrder } from "./cancel-order";
import { ConfirmOrder } from "./confirm-order";
import { ReturnRequest, showsReturns } from "./return-request";
import { OrderCard, OrderCardSkeleton } from "./order-card";
import { useCurrentUser } from "../account/use-current-user";
import { useHydrated } from "../ui/use-hydrated";

export const ORDERS_KEY = "/api/get-order-details";

/**
 * docs/PRODUCT.md §2.9 my-orders: the shopper's orders, newest first, each with its state, tracking
 * and timeline; skeletons while loading; an empty state. A paid order not yet shipped can be cancelled.
 */
export function OrdersView() {
  const { user, isLoading: userLoading } = useCurrentUser();
  const { data, error, isLoading, mutate } = useSWR(user ? ORDERS_KEY : null, (path: string) => fetchJson<PublicOrder[]>(path));
  const orders = data?.data ?? [];
  // Until hydrated the page cannot know the shopper: the skeleton, never "Sign in to see your orders".
  const hydrated = useHydrated();
  const loading = !hydrated || userLoading || isLoading;

  return (
    <section aria-labelledby="orders-heading" className="space-y-4">
      <h1 id="orders-heading" className="text-2xl font-semibold">
        My Orders
      </h1>
      {loading ? (
        <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading your orders">
          <OrderCardSkeleton />
          <OrderCardSkeleton />
        </div>
      ) : !user ? (
        <p className="rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          <Link href="/signin" className="font-medium text-brand-700 underline">
            Sign in
          </Link>{" "}
          to see your orders.
        </p>
      ) : error ? (
        <p role="alert" className="rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          Your orders could not be loaded. Please reload the page.
        </p>
      ) : orders.length === 0 ? (
        <EmptyState title="You have no orders yet." hint="What you buy will be listed here." action="Start shopping" />
      ) : (
        <ol className="space-y-4" aria-label="Orders, newest first">
          {orders.map((order) => (
            <li key={order._id}>
              <OrderCard
                order={order}
                actions={
                  order.status === "PAID" ? (
                    <CancelOrder order={order} onChanged={() => mutate()} />
                  ) : order.status === "PLACED" ? (
                    <div className="space-y-3">
                      {!order.cod?.confirmed_at && <ConfirmOrder order={order} onChanged={() => mutate()} />}
                      <CancelOrder order={order} onChanged={() => mutate()} />
                    </div>
                  ) : showsReturns(order) ? (
                    <ReturnRequest order={order} onChanged={() => mutate()} />
                  ) : undefined
                }
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
