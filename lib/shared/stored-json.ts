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
