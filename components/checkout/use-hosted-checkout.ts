"use client";

import { useEffect, useState } from "react";
import type { ApiAnswer } from "@/lib/api-client";
import { type ApiActionOptions, useApiAction } from "../ui/use-api-action";

/** What /api/checkout and /api/buy-now answer in `data`: the Stripe Checkout Session and its page. */
export type HostedCheckout = { id: string; url: string };

/**
 * docs/PRODUCT.md §4.8: asks the server for a Checkout Session and goes to its hosted page (the
 * cart's Checkout and the product page's Buy Now). One request at a time; `busy` from the click
 * until the browser has left. A refusal shows the server's message as a toast (a 409 says which
 * product is out of stock or no longer sold); with `signInOnAuthError` a 401/403 goes to sign in,
 * back to `returnTo` afterwards.
 */
export function useHostedCheckout(options: ApiActionOptions = {}): {
  busy: boolean;
  start: (request: () => Promise<ApiAnswer<HostedCheckout>>) => void;
} {
  const { pending, run } = useApiAction(options);
  const [leaving, setLeaving] = useState(false);

  // Back from the hosted page through the browser's back-forward cache: the page is as it was
  // left, mid-departure; the button is usable again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  function start(request: () => Promise<ApiAnswer<HostedCheckout>>) {
    if (leaving) return;
    void run(async () => {
      const answer = await request();
      setLeaving(true);
      window.location.assign(answer.data.url);
    });
  }

  return { busy: pending || leaving, start };
}
