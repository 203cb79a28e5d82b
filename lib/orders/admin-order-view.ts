import { ORDER_LIST_STATUSES, ORDER_SEARCH_MAX, type OrderListStatus } from "../schemas";

// The admin's Orders list view (components/admin/orders-list.tsx) as its address says it:
// ?status= (waiting to ship when absent or unknown), ?q=, ?page=. Client-safe: the list reads and
// writes it, and an order's page (a server component) reads the same three from its own address,
// which the list's rows carry, so its "All orders" link goes back to the tab, search and page the
// admin came from.

export const DEFAULT_ORDER_LIST_STATUS: OrderListStatus = "PAID";
export const ORDERS_LIST_PATH = "/admin-panel/orders";

export type OrderListView = { status: OrderListStatus; q: string; page: number };

type Params = { get(name: string): string | null };

/** The view an address asks for; anything unknown or malformed is the default. */
export function readOrderListView(params: Params): OrderListView {
  const asked = params.get("status");
  const status = ORDER_LIST_STATUSES.find((known) => known === asked) ?? DEFAULT_ORDER_LIST_STATUS;
  const page = Number(params.get("page"));
  return { status, q: (params.get("q") ?? "").trim().slice(0, ORDER_SEARCH_MAX), page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

/** The view's query string ("" for the default view: the defaults are left out). */
export function orderListQuery(view: OrderListView): string {
  const params = new URLSearchParams();
  if (view.status !== DEFAULT_ORDER_LIST_STATUS) params.set("status", view.status);
  if (view.q) params.set("q", view.q);
  if (view.page > 1) params.set("page", String(view.page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A page's searchParams (Next's record) as something readOrderListView reads: the first of each name. */
export function searchParamsOf(record: Record<string, string | string[] | undefined>): Params {
  return { get: (name) => [record[name]].flat()[0] ?? null };
}
