import { SHIPPING_AMOUNT_PAISE, SHIPPING_TRANSIT_DAYS } from "../constants";
import { formatRupees } from "@/lib/shared/money";

// What the store says about delivery, stated once from lib/constants.ts, which the checkout
// charges (lib/server/orders/checkout.ts) and the product's structured data states
// (lib/catalog/product-json-ld.ts shippingDetails). Product descriptions never promise delivery terms
// (issue 35: the seed's once said "free delivery on orders above ₹499" while every order paid
// the fee); tests/integration/store-promises.test.ts fails when any of them disagree.

/** "₹49 delivery (3–5 business days)": the product page's line beside the price. */
export function deliverySummary(): string {
  return `${formatRupees(SHIPPING_AMOUNT_PAISE)} delivery (${SHIPPING_TRANSIT_DAYS.min}–${SHIPPING_TRANSIT_DAYS.max} business days)`;
}

