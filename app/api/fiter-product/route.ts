import { handle, okWith, readBody } from "@/lib/server/http";
import { filterProducts } from "@/lib/server/catalog";
import { filterProductsSchema } from "@/lib/schemas";
import { API_PAGE_SIZE_DEFAULT } from "@/lib/constants";

// POST /api/fiter-product (spelled so) — SPEC 7: { category: [...] } → products of those
// categories. Optional: sort ('asc' | 'desc' by selling price), page, limit. An empty or unknown
// selection is an empty list. `total` counts every match, beyond this page.
export const POST = handle(async (request) => {
  const body = await readBody(request, filterProductsSchema);
  if (body.category.length === 0) return okWith({ data: [], total: 0 }, "Filtered products");
  const result = await filterProducts({ categories: body.category, sort: body.sort, page: body.page, pageSize: body.limit ?? API_PAGE_SIZE_DEFAULT });
  return okWith({ data: result.products, total: result.total }, "Filtered products");
});
