import { formatRupees } from "@/lib/shared/money";
import type { DeliveryTerms } from "@/lib/delivery/settings";

// What the store says about delivery beside a product's price, from the delivery settings the
// checkout charges by (lib/delivery/settings.ts deliveryTerms) and the product's structured data
// states (lib/catalog/product-json-ld.ts shippingDetails). Product descriptions never promise
// delivery terms (issue 35: the seed's once said "free delivery on orders above ₹499" while every
// order paid the fee); tests/integration/store-promises.test.ts fails when any of them disagree.
// The dates themselves are the page's "Check delivery", for the shopper's PIN.

/** "₹49 delivery", "₹49 delivery, free from ₹999" or "Free delivery": the product page's line beside the price. */
export function deliverySummary(terms: DeliveryTerms): string {
  if (terms.feePaise === 0) return "Free delivery";
  return `${formatRupees(terms.feePaise)} delivery${terms.freeAbovePaise !== null ? `, free from ${formatRupees(terms.freeAbovePaise)}` : ""}`;
}
