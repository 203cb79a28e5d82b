"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { ORDER_CONFIRM_POLL_MS } from "@/lib/constants";

/** Asks again this many times (about a minute), then says where the order will appear. */
const MAX_POLLS = 30;

/**
 * The success page while the payment is not confirmed yet: it asks the server again every
 * ORDER_CONFIRM_POLL_MS (the page fulfils the order as soon as Stripe reports it paid).
 */
export function ConfirmingPayment({ poll = false }: { poll?: boolean }) {
  const router = useRouter();
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!poll || polls >= MAX_POLLS) return;
    const timer = setTimeout(() => {
      router.refresh();
      setPolls((count) => count + 1);
    }, ORDER_CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [poll, polls, router]);

  if (polls >= MAX_POLLS) {
    return (
      <p role="status" className="rounded-2xl bg-white p-6 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
        Your payment is taking longer than usual to confirm. Your order will appear in My Orders as soon as it is, and we will email you.
      </p>
    );
  }
  return (
    <div role="status" className="flex items-center justify-center gap-3 rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200" data-testid="confirming-payment">
      <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden="true" />
      Confirming your payment…
    </div>
  );
}
