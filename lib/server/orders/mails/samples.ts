import type { PublicOrder } from "../types";

// Sample values for the order mails: the mail preview (npm run mails:preview) and the mails'
// tests render every mail with them.

export const SAMPLE_ORDER_ID = "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7d";
const ITEM_ID = "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7e";

export const SAMPLE_ORDER: PublicOrder = {
  _id: SAMPLE_ORDER_ID,
  createdAt: "2026-11-24T10:00:00.000Z",
  userId: null,
  email: "meera@example.com",
  productDetails: [
    { _id: ITEM_ID, productId: null, name: "Samsung Galaxy S24 <5G>", image: [], price: 64999, quantity: 1, refunded_quantity: 0 },
    { _id: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c7f", productId: null, name: "boAt Airdopes 141", image: [], price: 1299, quantity: 2, refunded_quantity: 0 },
  ],
  paymentDetails: { paymentId: null, payment_method_type: ["card"], payment_status: "paid" },
  shipping_options: [{ shipping_amount: 0, shipping_rate: "shr_1", name: "Free delivery (3–5 business days)" }],
  total_amount: 67597,
  delivery: { name: "Meera Iyer", phone: "+919876543210", line1: "12 MG Road", line2: "Flat 4", city: "Bengaluru", state: "KA", postalCode: "560001", country: "IN" },
  status: "PAID",
  refunded_amount: 0,
  shipped_at: null,
  delivered_at: null,
  cancelled_at: null,
  return_window_ends: null,
  return_request: null,
  payment_method: "card",
  cod: null,
  invoice: null,
  refunds: [],
  tracking: null,
  timeline: [],
};

/** The order as the step mails read it. */
export const SAMPLE_MAILED_ORDER = { id: SAMPLE_ORDER_ID, status: "DELIVERED" as const, totalAmount: 6759700, deliveredAt: new Date("2026-11-26T09:00:00+05:30"), items: [{ id: ITEM_ID, name: "Samsung Galaxy S24 <5G>" }], billed: true };

/** One event of each step that mails the shopper. */
export const SAMPLE_STEPS = [
  { type: "shipped", data: { carrier: "Delhivery", trackingNumber: "DLV123456789", trackingUrl: "https://www.delhivery.com/track/package/DLV123456789" }, note: null },
  { type: "delivered", data: {}, note: null },
  { type: "cancelled", data: {}, note: null },
  { type: "refunded", data: { amount: 6499900, lines: [{ orderItemId: ITEM_ID, quantity: 1 }], refundId: "0194f1c2-7d3e-7b4a-9c1d-2e3f4a5b6c80" }, note: "Damaged in transit" },
  { type: "return_requested", data: { reason: "damaged", lines: [{ orderItemId: ITEM_ID, quantity: 1 }] }, note: null },
  { type: "return_approved", data: { pickupDate: "2026-11-28" }, note: null },
  { type: "return_declined", data: {}, note: "The seal is broken" },
  { type: "return_received", data: { amount: 6499900, lines: [{ orderItemId: ITEM_ID, quantity: 1 }] }, note: null },
];
