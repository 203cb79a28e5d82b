import { cacheable, handle, okWith, readQuery } from "@/lib/server/platform/http";
import { searchProducts } from "@/lib/server/catalog/catalog";
import { pageQuerySchema } from "@/lib/schemas";
import { API_LIST_MAX, API_PAGE_SIZE_DEFAULT } from "@/lib/constants";
import { z } from "zod";

// GET /api/search-product?q=[&page=&limit=] — docs/PRODUCT.md §7.2: products matching the text (name, brand,
// category; typo-tolerant, taken literally, best first). Without page and limit: the best matches
// up to API_LIST_MAX; with either, one page of them. `total` counts the matches (up to
// API_LIST_MAX). An empty query is an empty list.
const Query = z.intersection(z.object({ q: z.string().optional() }), pageQuerySchema);

export const GET = handle(async (request) => {
  const { q, page, limit } = readQuery(request, Query);
  const matches = await searchProducts(q ?? "", API_LIST_MAX);
  if (page === undefined && limit === undefined) return cacheable(request, okWith({ data: matches, total: matches.length }, "Search results"));
  const size = limit ?? API_PAGE_SIZE_DEFAULT;
  const start = ((page ?? 1) - 1) * size;
  return cacheable(request, okWith({ data: matches.slice(start, start + size), total: matches.length }, "Search results"));
});
