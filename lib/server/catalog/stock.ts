import "server-only";
import { conflict, type HttpError } from "../platform/http";

// What a shopper is told when a product cannot be bought in the quantity asked: the same words
// at every door (add to cart, the cart's quantity, checkout, Buy Now).

/** The product is retired (archived) by the admin. */
export function noLongerSold(name: string, atCheckout = false): HttpError {
  return conflict(atCheckout ? `${name} is no longer sold. Remove it from your cart to check out.` : `${name} is no longer sold.`);
}

/** Fewer units than asked are available: says how many are left. */
export function notEnoughStock(name: string, available: number, atCheckout = false): HttpError {
  if (available <= 0) return conflict(atCheckout ? `${name} is out of stock. Remove it from your cart to check out.` : `${name} is out of stock.`);
  return conflict(atCheckout ? `Only ${available} left of ${name}. Lower the quantity to check out.` : `Only ${available} left of ${name}.`);
}

/** Refuses `quantity` of a product that is archived or has fewer units available. */
export function requireAvailable(product: { productName: string; stock: number; held: number; archivedAt: Date | null }, quantity: number): void {
  if (product.archivedAt) throw noLongerSold(product.productName);
  const available = Math.max(0, product.stock - product.held);
  if (available < quantity) throw notEnoughStock(product.productName, available);
}
