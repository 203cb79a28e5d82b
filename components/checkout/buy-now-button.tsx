"use client";

import { useRouter } from "next/navigation";
import { postJson } from "@/lib/api-client";
import { BUTTON_LOOKS } from "../cart/add-to-cart-button";
import { type HostedCheckout, useHostedCheckout } from "./use-hosted-checkout";

type Props = {
  productId: string;
  productName: string;
  /** Out of stock or no longer sold: the button shows, disabled. */
  unavailable?: boolean;
  /** The id of the text that says why (aria-describedby). */
  describedBy?: string;
};

/**
 * 'Buy Now': one unit of this product straight to Stripe's hosted payment page, outside the cart
 * (POST /api/buy-now answers like /api/checkout). Signed out: to sign in, and back to this
 * product afterwards; an ADMIN is told that buying needs a shopper account and sent to sign in
 * with one, as 'Add To Cart' does. A 409 (the product sold out or was retired after the page
 * loaded) shows the server's words and refreshes the page, whose buttons then say why they are off.
 */
export function BuyNowButton({ productId, productName, unavailable = false, describedBy }: Props) {
  const router = useRouter();
  const { busy, start } = useHostedCheckout({
    signInOnAuthError: true,
    returnTo: `/product/${productId}`,
    shopperOnlyMessage: BUY_NEEDS_SHOPPER_MESSAGE,
    // Refused (sold out or retired since the page loaded): the page reloads its stock and buttons.
    onConflict: () => router.refresh(),
  });
  return (
    <button
      type="button"
      onClick={() => start(() => postJson<HostedCheckout>("/api/buy-now", { productId }))}
      disabled={busy || unavailable}
      aria-busy={busy || undefined}
      aria-label={`Buy Now: ${productName}`}
      aria-describedby={describedBy}
      className={`${BUTTON_LOOKS.outline} inline-flex items-center justify-center gap-2`}
    >
      {busy && <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />}
      Buy Now
    </button>
  );
}

/** The toast for an ADMIN's Buy Now (a 403): carts and purchases are shoppers'. */
export const BUY_NEEDS_SHOPPER_MESSAGE = "Buying needs a shopper account. Sign in with one to buy.";
