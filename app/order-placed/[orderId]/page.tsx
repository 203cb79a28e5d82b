import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { notFound, redirect } from "next/navigation";
import { Suspense } from "react";
import { OrderCard, OrderCardSkeleton } from "@/components/orders/order-card";
import { RefreshAfterPurchase } from "@/components/checkout/refresh-after-purchase";
import { signInHref } from "@/lib/accounts/return-path";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { findOrder } from "@/lib/server/orders/orders";
import { formatRupeeAmount } from "@/lib/shared/money";

export const metadata: Metadata = { title: "Order placed", robots: { index: false } };

// Where "Place order" (cash on delivery) lands: nothing was paid, so not the spec's "Payment
// Successfull..!": the order, what to pay on delivery, and the confirmation to come. The order's
// owner only; anyone else gets a 404.
export default function OrderPlacedPage({ params }: { params: Promise<{ orderId: string }> }) {
  return (
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10">
      <Suspense
        fallback={
          <>
            <h1 className="text-center text-2xl font-semibold">Order placed</h1>
            <OrderCardSkeleton />
          </>
        }
      >
        <PlacedOrder params={params} />
      </Suspense>
      <p className="text-center">
        <Link href="/user-panel/my-orders" className="inline-block rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700">
          See my orders
        </Link>
      </p>
    </section>
  );
}

async function PlacedOrder({ params }: { params: Promise<{ orderId: string }> }) {
  await connection();
  const { orderId } = await params;
  const user = await getSessionUser();
  if (!user) redirect(signInHref({ returnTo: `/order-placed/${orderId}` }));
  const order = await findOrder(orderId, { userId: user.id });
  if (!order) notFound();
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-green-100 text-green-700" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 13 4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        <h1 className="text-2xl font-semibold">Order placed</h1>
        {order.paymentDetails.payment_method_type.includes("cod") && (
          <p className="text-slate-700" data-testid="pay-on-delivery">
            Pay <span className="font-semibold">{formatRupeeAmount(order.total_amount)}</span> in cash when your parcel arrives. A confirmation email is on its way: open its link to confirm
            your order, so that we can send it.
          </p>
        )}
      </div>
      <OrderCard order={order} />
      <RefreshAfterPurchase />
    </div>
  );
}
