// A product's id as addresses and the browser's stored lists carry it (a UUID): checked before
// anything is looked up, so a made-up id costs no query.
const PRODUCT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isProductId(value: unknown): value is string {
  return typeof value === "string" && PRODUCT_ID.test(value);
}

/** A list the browser stored as JSON (null: nothing stored): its entries, or none when it is not a JSON list. */
export function storedEntries(raw: string | null): unknown[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}
