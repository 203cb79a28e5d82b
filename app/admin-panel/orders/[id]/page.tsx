import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { OrderPage, OrderPageSkeleton } from "@/components/admin/order-page";
import { returnWindowClosed } from "@/lib/returns-policy";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { findOrder } from "@/lib/server/orders/orders";

export const metadata: Metadata = { title: "Order" };

// One order, for the admin. The page checks the role itself, from the database: a client-side
// navigation renders this segment without the layout's check, and the order's personal data must
// not reach a demoted admin's old cookie. Read at request time: orders are never cached
// (docs/ENGINEERING.md §6.2). An unknown or malformed id is a 404, as is a caller who is not an admin.
export default function AdminOrderPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<OrderPageSkeleton />}>
      <AdminOrder params={params} />
    </Suspense>
  );
}

async function AdminOrder({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const { id } = await params;
  const order = await findOrder(id, { admin: true });
  if (!order) notFound();
  // Read once per request, on the server: the page and its refund dialog agree on the window.
  return <OrderPage order={order} windowClosed={returnWindowClosed(order.return_window_ends)} />;
}
