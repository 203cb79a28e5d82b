/** The number a shopper sees for an order: the last 8 hex digits of its id (UUIDv7: the random part). */
export function orderNumber(orderId: string): string {
  return `#${orderId.replace(/-/g, "").slice(-8).toUpperCase()}`;
}
