import { handle, ok } from "@/lib/server/http";
import { searchProducts } from "@/lib/server/catalog";

// GET /api/search-product?q= — SPEC 7: products matching the text (name, brand, category;
// typo-tolerant, taken literally, best first). An empty query is an empty list.
export const GET = handle(async (request) => {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  return ok(await searchProducts(query), "Search results");
});
