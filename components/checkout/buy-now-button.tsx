"use client";

import { BUTTON_LOOKS } from "../cart/add-to-cart-button";
import { useEffect, useState } from "react";

type Props = {
  productId: string;
  productName: string;
  /** Out of stock or no longer sold: the button shows, disabled. */
  unavailable?: boolean;
  /** The id of the text that says why (aria-describedby). */
  describedBy?: string;
};

/**
 * 'Buy Now': one unit of this product to the store's checkout page (/checkout?product=…), outside
 * the cart (the cart is left as it was). The page signs a visitor in first and comes back, and
 * tells an ADMIN that buying needs a shopper account.
 */
export function BuyNowButton({ productId, productName, unavailable = false, describedBy }: Props) {
  const [opening, setOpening] = useState(false);
  // Back to this page from the back-forward cache: the button is usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setOpening(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);
  return (
    <button
      type="button"
      onClick={() => {
        setOpening(true);
        // A whole page load: a signed-out visitor is redirected to sign in, and a client-side
        // navigation would keep that redirect in the router's cache, to be replayed after signing in.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- on purpose, see above
        window.location.assign(`/checkout?product=${encodeURIComponent(productId)}`);
      }}
      disabled={opening || unavailable}
      aria-busy={opening || undefined}
      aria-label={`Buy Now: ${productName}`}
      aria-describedby={describedBy}
      className={`${BUTTON_LOOKS.outline} inline-flex items-center justify-center gap-2`}
    >
      {opening && <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />}
      Buy Now
    </button>
  );
}

/** The toast for an ADMIN's Buy Now (a 403): carts and purchases are shoppers'. */
export const BUY_NEEDS_SHOPPER_MESSAGE = "Buying needs a shopper account. Sign in with one to buy.";
