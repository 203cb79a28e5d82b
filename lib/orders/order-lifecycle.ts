// An order's life as every screen and the server name it (client-safe): paid → shipped →
// delivered; a paid order not yet shipped may be cancelled (refunded in full); one whose whole
// amount went back is refunded. Cash on delivery: placed (to be paid on delivery) → shipped →
// delivered (the courier collected the cash); cancelled before shipping; or returned to origin
// (the courier brought it back). The server's rules are in lib/server/orders/lifecycle.ts.

export const ORDER_STATUSES = ["PLACED", "PAID", "SHIPPED", "DELIVERED", "CANCELLED", "REFUNDED", "RETURNED_TO_ORIGIN"] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** The state in a shopper's words. */
export const ORDER_STATUS_LABELS: Record<OrderStatusName, string> = {
  PLACED: "Placed, to be paid on delivery",
  PAID: "Paid, not yet shipped",
  SHIPPED: "Shipped",
  DELIVERED: "Delivered",
  CANCELLED: "Cancelled",
  REFUNDED: "Refunded",
  RETURNED_TO_ORIGIN: "Returned undelivered",
};

/** Carriers the admin picks from when marking an order shipped; "Other" takes a name. */
export const CARRIERS = ["Blue Dart", "Delhivery", "DTDC", "Ecom Express", "India Post", "Shadowfax", "Xpressbees", "Other"] as const;

/** A tracking number as carriers print them: 6–40 letters, digits and dashes. */
export const TRACKING_NUMBER = /^[A-Za-z0-9-]{6,40}$/;

/**
 * Each listed carrier's tracking page: its site (a typed tracking link must be on it, or on one of
 * its subdomains) and the address of the page for one tracking number. When the admin types no
 * link, the server builds it from the number with this (lib/server/orders/lifecycle.ts); "Other"
 * has none, so its parcels carry a link only when one is typed.
 */
export const CARRIER_TRACKING: Record<Exclude<(typeof CARRIERS)[number], "Other">, { site: string; url: (number: string) => string }> = {
  "Blue Dart": { site: "bluedart.com", url: (number) => `https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo=${encodeURIComponent(number)}` },
  Delhivery: { site: "delhivery.com", url: (number) => `https://www.delhivery.com/track/package/${encodeURIComponent(number)}` },
  DTDC: { site: "dtdc.in", url: (number) => `https://www.dtdc.in/trace.asp?strCnno=${encodeURIComponent(number)}` },
  "Ecom Express": { site: "ecomexpress.in", url: (number) => `https://www.ecomexpress.in/tracking/?awb_field=${encodeURIComponent(number)}` },
  "India Post": { site: "indiapost.gov.in", url: (number) => `https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignmentno=${encodeURIComponent(number)}` },
  Shadowfax: { site: "shadowfax.in", url: (number) => `https://tracker.shadowfax.in/#/track/${encodeURIComponent(number)}` },
  Xpressbees: { site: "xpressbees.com", url: (number) => `https://www.xpressbees.com/shipment/tracking?awbNo=${encodeURIComponent(number)}` },
};

/** The listed carrier's tracking page for `number`; null for a carrier not on the list ("Other"'s name). */
export function carrierTrackingUrl(carrier: string, number: string): string | null {
  const known = CARRIER_TRACKING[carrier as keyof typeof CARRIER_TRACKING];
  return known ? known.url(number) : null;
}

/** Whether `link` (an https:// address) is on the listed carrier's site; any https:// address for "Other". */
export function isCarrierSite(carrier: string, link: string): boolean {
  const known = CARRIER_TRACKING[carrier as keyof typeof CARRIER_TRACKING];
  if (!known) return true;
  let host: string;
  try {
    host = new URL(link).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === known.site || host.endsWith(`.${known.site}`);
}
