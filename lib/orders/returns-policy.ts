import type { MerchantReturnPolicy } from "schema-dts";
import { RETURN_SHIPPING_PAID_BY, RETURN_WINDOW_DAYS } from "../constants";
import { absoluteUrl } from "../site-url";

// The store's returns policy, stated once from lib/constants.ts: on the product page, the
// footer's page (/returns-policy) and the product's structured data.

export const RETURNS_POLICY_PATH = "/returns-policy";

/** "7-day returns · free return pickup": the product page's line. */
export function returnsSummary(): string {
  return `${RETURN_WINDOW_DAYS}-day returns · ${RETURN_SHIPPING_PAID_BY === "store" ? "free return pickup" : "return shipping paid by you"}`;
}

/** The last moment a product delivered at `deliveredAt` may be returned. */
export function returnWindowEnd(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_DAYS * 86_400_000);
}

/** Whether the returns window that ends at `ends` (an answer's return_window_ends) has closed by `now`. */
export function returnWindowClosed(ends: string | null, now = new Date()): boolean {
  return ends !== null && now.getTime() > Date.parse(ends);
}

/** The policy in full sentences, for its page. */
export function returnsPolicyText(): string[] {
  return [
    `You can return a product within ${RETURN_WINDOW_DAYS} days of its delivery, unused and in its original box, for a refund of what you paid for it.`,
    RETURN_SHIPPING_PAID_BY === "store"
      ? "Return shipping is on us: we arrange a free pickup from your delivery address."
      : "Return shipping is yours to pay: send the product back to us with a tracked service.",
    "Refunds go back to the card you paid with once the product reaches us; banks take 5–7 business days to show them.",
    "An order that has not shipped yet can be cancelled from My Orders for a full refund, shipping included.",
  ];
}

/** schema.org's MerchantReturnPolicy for the product's offer (India, a finite window, by mail). */
export function merchantReturnPolicy(): MerchantReturnPolicy {
  return {
    "@type": "MerchantReturnPolicy",
    applicableCountry: "IN",
    returnPolicyCountry: "IN",
    returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
    merchantReturnDays: RETURN_WINDOW_DAYS,
    returnMethod: "https://schema.org/ReturnByMail",
    returnFees: RETURN_SHIPPING_PAID_BY === "store" ? "https://schema.org/FreeReturn" : "https://schema.org/ReturnShippingFees",
    merchantReturnLink: absoluteUrl(RETURNS_POLICY_PATH),
  };
}
