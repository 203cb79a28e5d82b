// The shapes the orders room shares: between checkout and fulfilment, and with the pages that
// show orders (type-only imports, so client components may use them too).
import type { DeliveryDetails } from "@/lib/shared/india";
import type { OrderStatusName } from "@/lib/orders/order-lifecycle";

/** An order as the API shows it (docs/PRODUCT.md §3.7): prices and total in rupees, shipping in paise. */
export type PublicOrder = {
  _id: string;
  createdAt: string;
  userId: string | null;
  email: string;
  /** The lines; `_id` (the line's own id, for refunds) and `refunded_quantity` are beyond the spec. */
  productDetails: { _id: string; productId: string | null; name: string; image: string[]; price: number; quantity: number; refunded_quantity: number }[];
  paymentDetails: { paymentId: string | null; payment_method_type: string[]; payment_status: string };
  shipping_options: { shipping_amount: number; shipping_rate: string; name: string }[];
  total_amount: number;
  /** Where to deliver, as Checkout collected it; null for orders made before it was collected. */
  delivery: DeliveryDetails | null;
  /** Where the order is in its life: PAID, SHIPPED, DELIVERED, CANCELLED or REFUNDED. */
  status: string;
  /** Rupees given back so far. */
  refunded_amount: number;
  /** When it shipped, was delivered or was cancelled (ISO), else null. */
  shipped_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  /** A delivered order's last day for a return (delivery + RETURN_WINDOW_DAYS), else null. */
  return_window_ends: string | null;
  /** The refunds asked for on the order, oldest first (amounts in rupees), each with its credit note once issued. */
  refunds: (PublicRefund & { credit_note?: PublicDocumentRef | null })[];
  /** The tax invoice (or bill of supply) once issued: GET /api/invoice/{_id} gives it as a PDF. */
  invoice: PublicDocumentRef | null;
  /** The parcel, once shipped. */
  tracking: { carrier: string; number: string; url: string | null } | null;
  /** What happened to the order, oldest first (amounts in rupees). */
  timeline: { type: string; at: string; actor: string; note: string | null; amount?: number; carrier?: string; trackingNumber?: string; trackingUrl?: string | null; pickupDate?: string }[];
  /** "card" or "cod" (cash on delivery). */
  payment_method: "card" | "cod";
  /** A cash-on-delivery order's own steps (ISO times, rupees); null for a card order. */
  cod: {
    confirmed_at: string | null;
    cash_received_at: string | null;
    cash_amount: number | null;
    cash_reference: string | null;
    returned_to_origin_at: string | null;
    rto_received_at: string | null;
    /** Where a refund goes (the shopper's UPI ID or bank account, given with a return): in full to the admin, masked to the shopper. */
    refund_account: string | null;
    /** The credit note that reversed its invoice when the parcel came back undelivered (its page and PDF are addressed by the order's id). */
    credit_note: PublicDocumentRef | null;
  } | null;
  /** The latest return request on the order (lib/server/orders/returns.ts), else null. */
  return_request: PublicReturn | null;
  /** Admin answers only: "oversold" when the owner must act, else null (absent for shoppers). */
  attention?: string | null;
  attentionNote?: string | null;
};

/** A tax document as an order names it. */
export type PublicDocumentRef = { number: string; issued_at: string; kind: "INVOICE" | "BILL_OF_SUPPLY" | "CREDIT_NOTE" };

/** One refund of an order: PENDING until Stripe answers, then SUCCEEDED or FAILED (with why). */
export type PublicRefund = {
  _id: string;
  amount: number;
  shipping_amount: number;
  status: string;
  /** "admin", "shopper" or "stripe" (made in Stripe's dashboard). */
  source: string;
  reason: string | null;
  failure_reason: string | null;
  restock: boolean;
  /** A cash refund's bank transfer or UPI reference, once recorded (null otherwise). */
  reference: string | null;
  lines: { orderItemId: string; quantity: number }[];
  createdAt: string;
};

/** A return request: REQUESTED, then APPROVED (with a pickup date) or DECLINED (with the admin's reason), then RECEIVED (refunded). */
export type PublicReturn = {
  _id: string;
  status: string;
  /** damaged, not_as_described, wrong_item, no_longer_needed or other (lib/orders/returns.ts). */
  reason: string;
  note: string | null;
  photos: string[];
  lines: { orderItemId: string; quantity: number }[];
  /** YYYY-MM-DD, once approved. */
  pickup_date: string | null;
  decline_reason: string | null;
  refund_id: string | null;
  createdAt: string;
};

/** One bought line as the checkout recorded it: prices in paise; no cart line for Buy Now. */
export type CheckoutLine = { cartItemId: string | null; productId: string; name: string; image: string[]; price: number; quantity: number };

/** How many orders are in each state (the admin's tabs), of those a search matches when there is one. */
/** Orders per state (the admin's tabs). */
export type OrderCounts = Record<OrderStatusName, number>;

/** An open checkout's hold, as the admin's product and order pages list it. */
export type PublicHold = {
  /** The checkout's id. */
  _id: string;
  email: string;
  buyNow: boolean;
  lines: { productId: string; name: string; quantity: number }[];
  units: number;
  createdAt: string;
  expiresAt: string;
};
