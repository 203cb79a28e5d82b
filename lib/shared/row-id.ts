// Row ids are UUIDs (products, users, orders…): anything else cannot name a row, so it is refused
// before any lookup (and never reaches Postgres). The server and the browser's stored lists share it.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isRowId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}
