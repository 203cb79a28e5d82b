import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { OrderPage, OrderPageSkeleton } from "@/components/admin/order-page";
import { orderListQuery, ORDERS_LIST_PATH, readOrderListView, searchParamsOf } from "@/lib/orders/admin-order-view";
import { returnWindowClosed } from "@/lib/orders/returns-policy";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { findOrder } from "@/lib/server/orders/orders";

export const metadata: Metadata = { title: "Order" };

// One order, for the admin. The page checks the role itself, from the database: a client-side
// navigation renders this segment without the layout's check, and the order's personal data must
// not reach a demoted admin's old cookie. Read at request time: orders are never cached
// (docs/ENGINEERING.md §6.2). An unknown or malformed id is a 404, as is a caller who is not an admin.
// The Orders list's rows carry its view (?status=&q=&page=): "All orders" goes back to it.
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default function AdminOrderPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  return (
    <Suspense fallback={<OrderPageSkeleton />}>
      <AdminOrder params={params} searchParams={searchParams} />
    </Suspense>
  );
}

async function AdminOrder({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const { id } = await params;
  const order = await findOrder(id, { admin: true });
  if (!order) notFound();
  // Read once per request, on the server: the page and its refund dialog agree on the window.
  const listHref = ORDERS_LIST_PATH + orderListQuery(readOrderListView(searchParamsOf(await searchParams)));
  return <OrderPage order={order} windowClosed={returnWindowClosed(order.return_window_ends)} listHref={listHref} />;
}
