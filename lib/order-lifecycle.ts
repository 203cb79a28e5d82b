// An order's life as every screen and the server name it (client-safe): paid → shipped →
// delivered; a paid order not yet shipped may be cancelled (refunded in full); one whose whole
// amount went back is refunded. The server's rules are in lib/server/orders/lifecycle.ts.

export const ORDER_STATUSES = ["PAID", "SHIPPED", "DELIVERED", "CANCELLED", "REFUNDED"] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** The state in a shopper's words. */
export const ORDER_STATUS_LABELS: Record<OrderStatusName, string> = {
  PAID: "Paid, not yet shipped",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded",
};

/** Carriers the admin picks from when marking an order shipped; "Other" takes a name. */
export const CARRIERS = ["Blue Dart", "Delhivery", "DTDC", "Ecom Express", "India Post", "Shadowfax", "Xpressbees", "Other"] as const;

/** A tracking number as carriers print them: 6–40 letters, digits and dashes. */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{6,40}$/;
