"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { fetchPage, type ApiPage } from "@/lib/api-client";
import { ORDERS_PAGE_SIZE } from "@/lib/constants";
import { formatDateTime } from "@/lib/shared/dates";
import { formatRupeeAmount } from "@/lib/shared/money";
import { orderNumber } from "@/lib/orders/order-number";
import { orderListQuery, readOrderListView, type OrderListView } from "@/lib/orders/admin-order-view";
import { ORDER_SEARCH_MAX, type OrderListStatus } from "@/lib/schemas";
import type { OrderCounts, PublicOrder } from "@/lib/server/orders/types";
import { INPUT_CLASS } from "../account/form-styles";
import { OrderAttention, OrderStatusBadge } from "../orders/order-progress";
import { displayPhone } from "@/lib/orders/delivery-text";
import { ListBody } from "./list-states";
import { Pager } from "./pager";

/** The search box asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

/** The tabs, in the order an owner works through them; each with its empty sentence. */
const TABS: { status: OrderListStatus; label: string; empty: string }[] = [
  { status: "PAID", label: "Waiting to ship", empty: "No orders waiting to ship." },
  { status: "PLACED", label: "Cash on delivery", empty: "No cash-on-delivery orders waiting to ship." },
  { status: "SHIPPED", label: "Shipped", empty: "No shipped orders on their way." },
  { status: "DELIVERED", label: "Delivered", empty: "No delivered orders." },
  { status: "CANCELLED", label: "Cancelled", empty: "No cancelled orders." },
  { status: "REFUNDED", label: "Refunded", empty: "No refunded orders." },
  { status: "RETURNED_TO_ORIGIN", label: "Returned undelivered", empty: "No parcels came back undelivered." },
  { status: "attention", label: "Needs attention", empty: "No orders need your attention." },
  { status: "returns", label: "Returns", empty: "No open return requests." },
  { status: "cash-due", label: "Cash to come in", empty: "No delivered cash-on-delivery order is waiting for its cash." },
  { status: "all", label: "All", empty: "No orders yet." },
];

type OrdersPage = ApiPage<PublicOrder> & { counts: OrderCounts; attention: number; returns: number; cashDue: number };

/** The address of a view on this screen. */
const viewHref = (pathname: string, view: OrderListView) => `${pathname}${orderListQuery(view)}`;

const countOf = (page: OrdersPage | undefined, status: OrderListStatus) =>
  page
    ? status === "all"
      ? Object.values(page.counts).reduce((sum, n) => sum + n, 0)
      : status === "attention"
        ? page.attention
        : status === "returns"
          ? page.returns
          : status === "cash-due"
            ? page.cashDue
            : page.counts[status]
    : undefined;

/**
 * The admin's Orders screen: a tab per state with its count (waiting to ship first: the oversold
 * ones on top, then the oldest, as the server sorts them), a search by order number, email or
 * phone, a page at a time. The view lives in the address (?status=&q=&page=), so reload, back and
 * forward keep it. Each row opens the order's page.
 */
export function OrdersList() {
  const router = useRouter();
  const pathname = usePathname();
  const view = readOrderListView(useSearchParams());
  const [text, setText] = useState(view.q);

  // Back and forward change the address under the box: the box follows (set while rendering,
  // as React advises for state that follows a prop).
  const [shownQ, setShownQ] = useState(view.q);
  if (shownQ !== view.q) {
    setShownQ(view.q);
    if (text.trim() !== view.q) setText(view.q);
  }

  useEffect(() => {
    const typed = text.trim();
    if (typed === view.q) return;
    const timer = setTimeout(() => router.replace(viewHref(pathname, { ...view, q: typed, page: 1 }), { scroll: false }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // Only the typing starts a search; the view's own changes are followed above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);


  const params = new URLSearchParams({ status: view.status, page: String(view.page), limit: String(ORDERS_PAGE_SIZE) });
  if (view.q) params.set("q", view.q);
  const { data, error, isLoading } = useSWR(`/api/all-orders?${params}`, (path: string) => fetchPage<PublicOrder>(path) as Promise<OrdersPage>, { keepPreviousData: true });
  const orders = data?.data ?? [];
  // The current tab in view in the phone's scrolling row (the row scrolls, not the page), again
  // once the counts arrive and widen the tabs.
  const tabRow = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const row = tabRow.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const left = current.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    if (left < row.scrollLeft || left + current.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left - 8;
  }, [view.status, data]);
  const tab = TABS.find((candidate) => candidate.status === view.status)!;
  const which = view.status === "all" ? "orders" : view.status === "attention" ? "orders that need attention" : view.status === "returns" ? "orders with an open return" : view.status === "cash-due" ? "delivered orders whose cash has not come in" : `${tab.label.toLowerCase()} orders`;
  const empty = view.q ? `No ${which} match “${view.q}”.` : tab.empty;

  return (
    <section aria-labelledby="orders-heading" className="space-y-4">
      <h1 id="orders-heading" className="text-2xl font-semibold">
        Orders
      </h1>
      <div role="search">
        <label htmlFor="admin-order-search" className="sr-only">
          Search orders
        </label>
        <input
          id="admin-order-search"
          type="search"
          value={text}
          maxLength={ORDER_SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
          placeholder="Order number, email or phone"
          className={INPUT_CLASS}
        />
      </div>
      {/* On a phone the tabs are one row that scrolls sideways (the current one brought into view); from sm up they wrap. */}
      <nav aria-label="Orders by state">
        <ul ref={tabRow} className="-mx-1 flex gap-2 overflow-x-auto px-1 py-1 [scrollbar-width:thin] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0" data-testid="order-tabs">
          {TABS.map((candidate) => {
            const current = candidate.status === view.status;
            const count = countOf(data, candidate.status);
            const alarming = candidate.status === "attention" && (count ?? 0) > 0 && !current;
            return (
              <li key={candidate.status} className="shrink-0">
                <Link
                  href={viewHref(pathname, { status: candidate.status, q: view.q, page: 1 })}
                  scroll={false}
                  aria-current={current ? "page" : undefined}
                  className={`inline-flex items-center gap-2 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ${
                    current ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"
                  }`}
                  data-testid="order-tab"
                >
                  {candidate.label}
                  {count !== undefined && (
                    <span className={`rounded-full px-2 text-xs tabular-nums ${current ? "bg-white/20" : alarming ? "bg-red-700 text-white" : "bg-slate-100 text-slate-700"}`}>{count.toLocaleString("en-IN")}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <ListBody
        error={error}
        what="orders"
        loading={isLoading && orders.length === 0}
        skeleton={{ rows: 6, rowClassName: "h-20 xl:h-12" }}
        empty={orders.length === 0 ? empty : null}
      >
        <ul className="space-y-2" aria-label={view.status === "PAID" ? "Orders waiting to ship, oldest first" : view.status === "attention" ? "Orders that need attention, oldest first" : `${tab.label} orders, newest first`}>
          {orders.map((order) => (
            <li key={order._id}>
              <OrderRow order={order} view={view} />
            </li>
          ))}
        </ul>
      </ListBody>
      <Pager
        page={view.page}
        pageSize={ORDERS_PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={(page) => router.push(viewHref(pathname, { ...view, page }), { scroll: false })}
        label="Orders pages"
      />
    </section>
  );
}

/**
 * One order: number, state, total; date, customer and items; the oversold flag and its note. The
 * whole row opens the order, with the list's view in its address (its "All orders" link comes back to it).
 */
function OrderRow({ order, view }: { order: PublicOrder; view: OrderListView }) {
  const units = order.productDetails.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <Link
      href={`/admin-panel/orders/${order._id}${orderListQuery(view)}`}
      className={`block rounded-xl bg-white px-4 py-3 text-sm shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 ${order.attention ? "ring-2 ring-red-300" : "ring-1 ring-slate-200"}`}
      data-testid="admin-order"
    >
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 xl:grid-cols-[6.5rem_10rem_minmax(0,1fr)_5rem_6.5rem_auto]">
        {/* On a phone the number and the state share the first line; on a wide screen each has its column. */}
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1 xl:contents">
          <span className="font-semibold text-brand-700 xl:order-1">
            <span className="sr-only">Order </span>
            {orderNumber(order._id)}
          </span>
          <span className="xl:order-6 xl:justify-self-end">
            <OrderStatusBadge status={order.status} />
          </span>
        </span>
        <span className="justify-self-end font-semibold tabular-nums xl:order-5">{formatRupeeAmount(order.total_amount)}</span>
        <time dateTime={order.createdAt} className="text-slate-600 xl:order-2">
          {formatDateTime(order.createdAt)}
        </time>
        <span className="justify-self-end text-slate-600 xl:order-4 xl:justify-self-start">
          {units} {units === 1 ? "item" : "items"}
        </span>
        <span className="col-span-2 truncate text-slate-800 xl:order-3 xl:col-span-1">{order.email}</span>
      </div>
      {order.payment_method === "cod" && (
        <p className="mt-2 text-slate-700" data-testid="admin-order-cod">
          Cash on delivery
          {order.status === "PLACED" && !order.cod?.confirmed_at && (
            <span className="font-medium text-amber-800"> · not confirmed{order.delivery?.phone ? `: call ${displayPhone(order.delivery.phone)}` : ""}</span>
          )}
          {order.status === "DELIVERED" && !order.cod?.cash_received_at && <span className="font-medium text-amber-800"> · cash not received yet</span>}
        </p>
      )}
      <OrderAttention order={order} className="mt-2" />
    </Link>
  );
}
