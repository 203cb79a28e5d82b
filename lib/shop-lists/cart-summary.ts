import { formatRupees, rupeesToPaise } from "@/lib/shared/money";

// docs/PRODUCT.md §2.9 and §9 / issue 5: the cart summary. Quantity is the sum of the lines' quantities; the total is
// the sum of quantity × selling price, added in whole paise (the API speaks rupees with up to
// two decimals; 0.1 + 0.2 never enters the sum). Units that cannot be bought now are left out
// (issue 35): a line whose product is out of stock or no longer sold counts nothing, and a line
// that wants more than are left counts only those left; `unbuyable` says how many units were
// left out, so the page says so beside Checkout (which the server would refuse anyway).

export type SummaryLine = {
  quantity: number;
  /** `available` and `archived` as the cart answer gives them; without them the line counts whole. */
  productId: { sellingPrice: number; available?: number; archived?: boolean } | null;
};

export type CartSummary = { quantity: number; totalPaise: number; total: string; unbuyable: number };

/** The units of a line that can be bought now. */
export function buyableUnits(line: SummaryLine): number {
  const product = line.productId;
  if (!product || product.archived) return 0;
  return product.available === undefined ? line.quantity : Math.max(0, Math.min(line.quantity, product.available));
}

export function cartSummary(lines: readonly SummaryLine[]): CartSummary {
  let quantity = 0;
  let totalPaise = 0;
  let unbuyable = 0;
  for (const line of lines) {
    if (!line.productId) continue; // a product removed from the catalogue is not charged
    const units = buyableUnits(line);
    unbuyable += line.quantity - units;
    quantity += units;
    totalPaise += units * rupeesToPaise(line.productId.sellingPrice);
  }
  return { quantity, totalPaise, total: formatRupees(totalPaise), unbuyable };
}
