import type { Metadata } from "next";
import { Suspense } from "react";
import { CancelledPaymentLinks, CancelledPaymentText } from "@/components/checkout/cancelled-payment-links";
import { ReleaseCheckout } from "@/components/checkout/release-checkout";

export const metadata: Metadata = { title: "Payment cancelled", robots: { index: false } };

// Where Stripe sends the shopper who leaves the payment page (?checkout=<id>): nothing was charged
// or ordered, and the cart is as it was; a Buy Now's (&product=<id>) leads back to its product.
// The page stays static; the checkout's id is read in the browser, which gives its held units
// back (ReleaseCheckout), and so is the product's (CancelledPaymentLinks).
export default function CancelPage() {
  return (
    <section aria-labelledby="cancel-heading" className="mx-auto flex w-full max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <span className="grid h-14 w-14 place-items-center rounded-full bg-red-100 text-red-700" aria-hidden="true">
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2.5">
          <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
        </svg>
      </span>
      <ReleaseCheckout />
      <h1 id="cancel-heading" className="text-2xl font-semibold">
        Payment Cancel..!
      </h1>
      <Suspense fallback={<CancelledPaymentText />}>
        <CancelledPaymentLinks />
      </Suspense>
    </section>
  );
}
