"use client";

import dynamic from "next/dynamic";

/**
 * The product page's "Check delivery", its script loaded on its own: a navigation to a prefetched
 * product page shows the page at once (this box's outline while its script arrives) instead of the
 * page's skeleton, which Next shows while a client component's script that the page needs loads.
 */
export const CheckDeliveryLazy = dynamic(() => import("./check-delivery").then((module) => module.CheckDelivery), {
  loading: () => <div className="h-[6.75rem] rounded-xl border border-slate-200" aria-hidden="true" />,
});
