import type { ProductAvailability } from "@/lib/catalog/availability";

const TONES = {
  archived: "bg-slate-700 text-white",
  out: "bg-red-700 text-white",
  low: "bg-amber-100 text-amber-900 ring-1 ring-amber-300",
} as const;

/** The text colour of an availability said in words ("In stock", "Only 3 left"…): the product page and the comparison. */
export function availabilityTextTone(state: ProductAvailability["state"]): string {
  return state === "in" ? "text-green-800" : state === "low" ? "text-amber-800" : "text-red-700";
}

/**
 * A product's availability as shoppers read it: "No longer available", "Out of stock" or
 * "Only N left"; nothing when it is simply in stock. `id` lets a disabled button point at it
 * (aria-describedby), so screen readers hear why the button cannot be used.
 */
export function StockStatus({ availability, id, className = "" }: { availability: ProductAvailability; id?: string; className?: string }) {
  if (availability.state === "in") return null;
  return (
    <span id={id} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[availability.state]} ${className}`} data-testid="card-stock-status">
      {availability.label}
    </span>
  );
}
