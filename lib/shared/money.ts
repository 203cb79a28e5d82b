// Money is integer paise everywhere but at the edges: the API and the UI show rupees.

// Made on first use: building an en-IN currency format loads ICU locale data, ~15 ms of main
// thread in a browser, which at module load landed inside the page's hydration task.
let inr: Intl.NumberFormat | undefined;

/** ₹1,23,456.5 style, from paise. */
export function formatRupees(paise: number): string {
  inr ??= new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });
  return inr.format(paise / 100);
}

/** Paise to the rupee number the API speaks (2 decimals at most, exact). */
export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** A rupee amount (number or numeric string) to whole paise; rejects more than 2 decimals. */
export function rupeesToPaise(rupees: number | string): number {
  const text = typeof rupees === "number" ? String(rupees) : rupees.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a rupee amount: ${text}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  const paise = whole * 100 + fraction;
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Amount too large: ${text}`);
  return paise;
}

/** docs/PRODUCT.md §9: round((price - sellingPrice) / price * 100); 0 when there is no list price. */
export function discountPercent(pricePaise: number, sellingPaise: number): number {
  if (pricePaise <= 0) return 0;
  return Math.round(((pricePaise - sellingPaise) / pricePaise) * 100);
}

/** The same display for an amount the API gives in rupees. */
export function formatRupeeAmount(rupees: number): string {
  return formatRupees(Math.round(rupees * 100));
}
