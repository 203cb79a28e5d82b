import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { Suspense } from "react";
import { ConfirmingPayment } from "@/components/checkout/confirming-payment";
import { OrderCard } from "@/components/orders/order-card";
import { RefreshAfterPurchase } from "@/components/checkout/refresh-after-purchase";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { fulfilCheckoutSession, type FulfilResult } from "@/lib/server/orders/orders";
import { log } from "@/lib/server/platform/log";

export const metadata: Metadata = { title: "Payment successful", robots: { index: false } };

// Where Stripe sends the shopper after paying (success_url with ?session_id=). The page fulfils
// the order itself when it gets here before the webhook (the same once-only function), and shows
// it to its owner only: another user's or a made-up session shows nothing of any order.

const NOTE = "rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200";

// The spec's green tick and 'Payment Successfull..!' are for a real payment only (the shopper's own
// checkout, paid or being confirmed). A made-up, missing or someone else's session_id, or a
// visitor not signed in, gets a neutral heading that leads with the note.
export default function SuccessPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return (
    // No id on the heading: the <Suspense> fallback's heading and the streamed one are both in the
    // HTML until React swaps them, and an id would be there twice (issue 35).
    <section className="mx-auto w-full max-w-3xl space-y-6 px-4 py-10">
      <Suspense
        fallback={
          <>
            <Heading tone="neutral">Checking your payment</Heading>
            <ConfirmingPayment />
          </>
        }
      >
        <PaidOrder searchParams={searchParams} />
      </Suspense>
      <p className="text-center">
        <Link href="/user-panel/my-orders" className="inline-block rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700">
          See my orders
        </Link>
      </p>
    </section>
  );
}

/** The page's heading: with the green tick for a payment, with a neutral mark otherwise. */
function Heading({ tone, children }: { tone: "paid" | "neutral"; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      {tone === "paid" ? (
        <span className="grid h-14 w-14 place-items-center rounded-full bg-green-100 text-green-700" aria-hidden="true" data-testid="success-tick">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="m5 13 4 4L19 7" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
      ) : (
        <span className="grid h-14 w-14 place-items-center rounded-full bg-slate-100 text-slate-600" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 11v5M12 8h.01" strokeLinecap="round" />
          </svg>
        </span>
      )}
      <h1 className="text-2xl font-semibold">
        {children}
      </h1>
    </div>
  );
}

const PAID_HEADING = <Heading tone="paid">Payment Successfull..!</Heading>;

async function PaidOrder({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sessionId = (await searchParams).session_id;
  // The session is read at request time, never while prerendering (docs/ENGINEERING.md §10).
  await connection();
  const user = await getSessionUser();
  if (!user) {
    return (
      <>
        <Heading tone="neutral">Sign in to see your order</Heading>
        <p className={NOTE}>
        <Link href="/signin" className="font-medium text-brand-700 underline">
          Sign in
        </Link>{" "}
        to see your order. We have emailed you its confirmation.
        </p>
      </>
    );
  }
  let result: FulfilResult | null = null;
  if (typeof sessionId === "string") {
    try {
      result = await fulfilCheckoutSession(sessionId, { userId: user.id });
    } catch (error) {
      // The database or the provider failed: keep asking; the webhook records the order meanwhile.
      log.error({ err: error, stripeSessionId: sessionId }, "success page: fulfilment failed");
      return (
        <>
          <Heading tone="neutral">Checking your payment</Heading>
          <ConfirmingPayment poll />
        </>
      );
    }
  }
  if (result?.status === "pending") {
    return (
      <>
        {PAID_HEADING}
        <ConfirmingPayment poll />
      </>
    );
  }
  if (result?.status !== "fulfilled") {
    return (
      <>
        <Heading tone="neutral">No payment found</Heading>
        <p className={NOTE}>We could not find a payment for this page. Your paid orders are always listed in My Orders.</p>
      </>
    );
  }
  return (
    <div className="space-y-6">
      {PAID_HEADING}
      <p className="text-center text-slate-700">Thank you! Your order is confirmed and a confirmation email is on its way.</p>
      <OrderCard order={result.order} />
      <RefreshAfterPurchase />
    </div>
  );
}
