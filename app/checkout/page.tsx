import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { CheckoutView } from "@/components/checkout/checkout-view";
import { CheckoutSkeleton } from "@/components/checkout/checkout-skeleton";
import { signInHref } from "@/lib/accounts/return-path";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { checkoutPageData } from "@/lib/server/orders/place-order";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

// The store's own checkout: where to deliver (the default saved address first), when it arrives,
// how to pay (card on Stripe's page, or cash on delivery), and the summary at the database's
// prices. The cart's Checkout comes here; Buy Now comes with ?product=<id> (the cart untouched).
// Read at request time (the dates move with the clock); signed out, to sign in and back.
export default function CheckoutPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    <section aria-labelledby="checkout-heading" className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-8">
      <h1 id="checkout-heading" className="text-2xl font-semibold">
        Checkout
      </h1>
      <Suspense fallback={<CheckoutSkeleton />}>
        <Checkout searchParams={searchParams} />
      </Suspense>
    </section>
  );
}

async function Checkout({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await connection();
  const { product } = await searchParams;
  const productId = typeof product === "string" ? product : null;
  const user = await getSessionUser();
  if (!user) redirect(signInHref({ returnTo: productId ? `/checkout?product=${encodeURIComponent(productId)}` : "/checkout" }));
  if (user.role !== "USER") {
    return (
      <p className="mt-6 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200" data-testid="checkout-not-shopper">
        Buying needs a shopper account.{" "}
        <Link href={signInHref({ returnTo: productId ? `/checkout?product=${encodeURIComponent(productId)}` : "/checkout", shopper: true })} className="font-medium text-brand-700 underline underline-offset-2">
          Sign in with one to buy
        </Link>
        .
      </p>
    );
  }
  const data = await checkoutPageData(user, productId);
  if (!data) {
    return (
      <p className="mt-6 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        This product does not exist.{" "}
        <Link href="/" className="font-medium text-brand-700 underline underline-offset-2">
          Continue shopping
        </Link>
      </p>
    );
  }
  if (data.lines.length === 0) {
    return (
      <div className="mt-6 rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200" data-testid="checkout-empty">
        <p className="text-slate-700">Your cart is empty. Add a product before checking out.</p>
        <Link href="/" className="mt-4 inline-block rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700">
          Continue shopping
        </Link>
      </div>
    );
  }
  return <CheckoutView data={data} buyNowProductId={productId} />;
}
