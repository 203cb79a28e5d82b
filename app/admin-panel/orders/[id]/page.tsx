import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { OrderPage, OrderPageSkeleton } from "@/components/admin/order-page";
import { returnWindowClosed } from "@/lib/returns-policy";
import { findOrder } from "@/lib/server/orders/orders";

export const metadata: Metadata = { title: "Order" };

// One order, for the admin (the layout has checked the role, from the database). Read at request
// time: orders are never cached (docs/ENGINEERING.md §6.2). An unknown or malformed id is a 404.
export default function AdminOrderPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <Suspense fallback={<OrderPageSkeleton />}>
      <AdminOrder params={params} />
    </Suspense>
  );
}

async function AdminOrder({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const order = await findOrder(id, { admin: true });
  if (!order) notFound();
  // Read once per request, on the server: the page and its refund dialog agree on the window.
  return <OrderPage order={order} windowClosed={returnWindowClosed(order.return_window_ends)} />;
}
