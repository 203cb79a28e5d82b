"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { isRowId } from "@/lib/shared/row-id";

/**
 * /cancel's words and way back (issue 35): a cart's payment leads back to the cart, which is as it
 * was left; a Buy Now's (Stripe's cancel_url names its `product`) leads back to the product, and
 * to the cart only as a second choice, with nothing said of the cart. Rendered in the browser
 * (the page is static), under a <Suspense> whose fallback (`productId` undefined: not known yet)
 * says only that no payment was taken, in the same height.
 */
export function CancelledPaymentLinks() {
  const product = useSearchParams().get("product");
  return <CancelledPaymentText productId={isRowId(product) ? product : null} />;
}

export function CancelledPaymentText({ productId }: { productId?: string | null }) {
  const primary = "rounded-full bg-brand-600 px-6 py-2.5 font-medium text-white hover:bg-brand-700";
  if (productId === undefined) {
    return (
      <>
        <p className="text-slate-600">No payment was taken.</p>
        <span className="h-11" aria-hidden="true" />
      </>
    );
  }
  if (!productId) {
    return (
      <>
        <p className="text-slate-600">No payment was taken. Your cart is just as you left it.</p>
        <Link href="/user-panel/cart" className={primary}>
          Back to my cart
        </Link>
      </>
    );
  }
  return (
    <>
      <p className="text-slate-600">No payment was taken and nothing was ordered.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link href={`/product/${productId}`} className={primary}>
          Back to the product
        </Link>
        <Link href="/user-panel/cart" className="rounded-full border-2 border-brand-600 px-6 py-2 font-medium text-brand-700 hover:bg-brand-50">
          Go to my cart
        </Link>
      </div>
    </>
  );
}
