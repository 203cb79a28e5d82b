// The shapes the orders room shares: between checkout and fulfilment, and with the pages that
// show orders (type-only imports, so client components may use them too).
import type { DeliveryDetails } from "@/lib/india";

/** An order as the API shows it (docs/PRODUCT.md §3.7): prices and total in rupees, shipping in paise. */
export type PublicOrder = {
  _id: string;
  createdAt: string;
  userId: string | null;
  email: string;
  productDetails: { productId: string | null; name: string; image: string[]; price: number; quantity: number }[];
  paymentDetails: { paymentId: string | null; payment_method_type: string[]; payment_status: string };
  shipping_options: { shipping_amount: number; shipping_rate: string; name: string }[];
  total_amount: number;
  /** Where to deliver, as Checkout collected it; null for orders made before it was collected. */
  delivery: DeliveryDetails | null;
  /** Where the order is in its life: PAID, SHIPPED, DELIVERED, CANCELLED or REFUNDED. */
  status: string;
  /** Rupees given back so far. */
  refunded_amount: number;
  /** The parcel, once shipped. */
  tracking: { carrier: string; number: string; url: string | null } | null;
  /** What happened to the order, oldest first (amounts in rupees). */
  timeline: { type: string; at: string; actor: string; note: string | null; amount?: number; carrier?: string; trackingNumber?: string; trackingUrl?: string | null }[];
  /** Admin answers only: "oversold" when the owner must act, else null (absent for shoppers). */
  attention?: string | null;
  attentionNote?: string | null;
};

/** One bought line as the checkout recorded it: prices in paise; no cart line for Buy Now. */
export type CheckoutLine = { cartItemId: string | null; productId: string; name: string; image: string[]; price: number; quantity: number };
