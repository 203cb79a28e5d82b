// The store's public address, for canonical URLs, structured data and the sitemap. Pages are
// prerendered at build time, so SITE_URL must be set for `npm run build` as well as at runtime.
export function siteUrl(): string {
  return (process.env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
}

export function absoluteUrl(path: string): string {
  return /^https?:\/\//.test(path) ? path : `${siteUrl()}${path.startsWith("/") ? "" : "/"}${path}`;
}

/** The shopper's wishlist page, absolute: the wishlist alerts' digest links to it. */
export function wishlistUrl(): string {
  return `${siteUrl()}/user-panel/wishlist`;
}

/** The shopper's orders page, absolute: every mail's footer and order mails link to it. */
export function myOrdersUrl(): string {
  return `${siteUrl()}/user-panel/my-orders`;
}

/** An order's tax invoice as a printable page (the PDF is a link on it), absolute: the confirmation mail links to it. */
export function invoicePageUrl(orderId: string): string {
  return `${siteUrl()}/invoice/${orderId}`;
}

/** A refund's credit note as a printable page, absolute: the refund's mail links to it. */
export function creditNotePageUrl(orderId: string, refundId: string): string {
  return `${siteUrl()}/invoice/${orderId}/credit-note/${refundId}`;
}
