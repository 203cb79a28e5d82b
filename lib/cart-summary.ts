import { formatRupees, rupeesToPaise } from "./money";

// docs/PRODUCT.md §2.9 and §9 / issue 5: the cart summary. Quantity is the sum of the lines' quantities; the total is
// the sum of quantity × selling price, added in whole paise (the API speaks rupees with up to
// two decimals; 0.1 + 0.2 never enters the sum).

export type SummaryLine = { quantity: number; productId: { sellingPrice: number } | null };

export type CartSummary = { quantity: number; totalPaise: number; total: string };

export function cartSummary(lines: readonly SummaryLine[]): CartSummary {
  let quantity = 0;
  let totalPaise = 0;
  for (const line of lines) {
    if (!line.productId) continue; // a product removed from the catalogue is not charged
    quantity += line.quantity;
    totalPaise += line.quantity * rupeesToPaise(line.productId.sellingPrice);
  }
  return { quantity, totalPaise, total: formatRupees(totalPaise) };
}
