"use client";

import { useState } from "react";
import useSWR from "swr";
import { fetchPage } from "@/lib/api-client";
import { ORDERS_PAGE_SIZE } from "@/lib/constants";
import { formatDateTime } from "@/lib/dates";
import { formatRupeeAmount } from "@/lib/money";
import { orderNumber } from "@/lib/order-number";
import type { PublicOrder } from "@/lib/server/orders/types";
import { OrderCard, paymentStatusLabel } from "../orders/order-card";
import { ListBody } from "./list-states";
import { Pager } from "./pager";


/**
 * The admin's Orders screen: every order newest first, paged (orders that need the owner's
 * attention first, as the server sorts them); a row opens its lines, shipping and delivery address.
 * An oversold order (paid for units that were gone) carries a red badge and the server's note.
 */
export function OrdersList() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useSWR(`/api/all-orders?page=${page}&limit=${ORDERS_PAGE_SIZE}`, (path: string) => fetchPage<PublicOrder>(path), { keepPreviousData: true });
  const orders = data?.data ?? [];
  return (
    <section aria-labelledby="orders-heading" className="space-y-4">
      <h1 id="orders-heading" className="text-2xl font-semibold">
        Orders
      </h1>
      <ListBody
        error={error}
        what="orders"
        loading={isLoading && orders.length === 0}
        skeleton={{ rows: 4, rowClassName: "h-14" }}
        empty={orders.length === 0 ? "No orders yet." : null}
      >
        <ul className="space-y-2" aria-label="Orders, newest first">
          {orders.map((order) => (
            <li key={order._id}>
              <details className={`group rounded-xl bg-white shadow-sm ${order.attention ? "ring-2 ring-red-300" : "ring-1 ring-slate-200"}`} data-testid="admin-order">
                <summary className="grid cursor-pointer grid-cols-2 gap-x-4 gap-y-1 px-4 py-3 text-sm sm:grid-cols-[9rem_6rem_minmax(0,1fr)_4rem_7rem_6rem] sm:items-center">
                  <time dateTime={order.createdAt} className="text-slate-600">
                    {formatDateTime(order.createdAt)}
                  </time>
                  <span className="font-medium">{orderNumber(order._id)}</span>
                  <span className="col-span-2 truncate sm:col-span-1">{order.email}</span>
                  <span>
                    {order.productDetails.reduce((sum, item) => sum + item.quantity, 0)} item(s)
                  </span>
                  <span className="font-semibold">{formatRupeeAmount(order.total_amount)}</span>
                  <span>{paymentStatusLabel(order.paymentDetails.payment_status)}</span>
                  {order.attention && (
                    <span className="col-span-2 flex flex-wrap items-baseline gap-x-2 gap-y-1 sm:col-span-6" data-testid="order-attention">
                      <span className="rounded-full bg-red-700 px-2.5 py-0.5 text-xs font-semibold text-white">Needs attention: {order.attention}</span>
                      {order.attentionNote && <span className="text-red-800">{order.attentionNote}</span>}
                    </span>
                  )}
                </summary>
                <div className="border-t border-slate-200 p-3">
                  <OrderCard order={order} headingLevel={3} />
                </div>
              </details>
            </li>
          ))}
        </ul>
      </ListBody>
      <Pager page={page} pageSize={ORDERS_PAGE_SIZE} total={data?.total ?? 0} onPage={setPage} label="Orders pages" />
    </section>
  );
}
