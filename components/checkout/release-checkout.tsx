"use client";

import { useEffect, useRef } from "react";
import { postJson } from "@/lib/api-client";

/**
 * On /cancel?checkout=<id> (Stripe's cancel_url): tells the server once that the shopper left the
 * payment page, so the units that checkout held are given back at once rather than when the
 * session expires. Quiet: a failure (signed out, already released, offline) changes nothing the
 * page says, and the expiry releases them anyway.
 */
export function ReleaseCheckout() {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const checkoutId = new URLSearchParams(window.location.search).get("checkout");
    if (!checkoutId) return;
    postJson("/api/checkout/cancel", { checkoutId }).catch((error: unknown) => {
      console.warn("[store] releasing the checkout:", error);
    });
  }, []);
  return null;
}
