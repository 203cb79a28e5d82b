import { LOW_STOCK_THRESHOLD } from "../constants";

// What a shopper can do with a product now, from the answer's `available` and `archived`
// (stock − held; an archived product is no longer sold). Shared by the cards, the product page,
// the cart and the product page's structured data, so every screen says the same.

export type ProductAvailability =
  | { state: "archived"; label: "No longer available"; buyable: false }
  | { state: "out"; label: "Out of stock"; buyable: false }
  | { state: "low"; label: string; left: number; buyable: true }
  | { state: "in"; label: null; buyable: true };

export function productAvailability(product: { available: number; archived: boolean }): ProductAvailability {
  if (product.archived) return { state: "archived", label: "No longer available", buyable: false };
  if (product.available <= 0) return { state: "out", label: "Out of stock", buyable: false };
  if (product.available < LOW_STOCK_THRESHOLD) return { state: "low", label: onlyLeft(product.available), left: product.available, buyable: true };
  return { state: "in", label: null, buyable: true };
}

/** "Only N left" (N = the units available). */
export function onlyLeft(available: number): string {
  return `Only ${available} left`;
}
