import { cacheable, handle, okWith, readBody } from "@/lib/server/platform/http";
import { filterProducts } from "@/lib/server/catalog/catalog";
import { filterProductsSchema } from "@/lib/schemas";
import { API_LIST_MAX, API_PAGE_SIZE_DEFAULT } from "@/lib/constants";

// POST /api/fiter-product (spelled so) — docs/PRODUCT.md §7.2: { category: [...] } → products of those
// categories. Optional: sort ('asc' | 'desc' by selling price), page, limit. Without page and
// limit: every match up to API_LIST_MAX; with either, one page. `total` counts every match. An
// empty or unknown selection is an empty list.
export const POST = handle(async (request) => {
  const body = await readBody(request, filterProductsSchema);
  if (body.category.length === 0) return cacheable(request, okWith({ data: [], total: 0 }, "Filtered products"));
  const unpaged = body.page === undefined && body.limit === undefined;
  const result = await filterProducts({ categories: body.category, sort: body.sort, page: body.page, pageSize: unpaged ? API_LIST_MAX : (body.limit ?? API_PAGE_SIZE_DEFAULT) });
  return cacheable(request, okWith({ data: result.products, total: result.total }, "Filtered products"));
});
