import { cacheable, handle, okWith, readQuery } from "@/lib/server/platform/http";
import { filterProducts } from "@/lib/server/catalog/catalog";
import { pageQuerySchema } from "@/lib/schemas";
import { API_LIST_MAX, API_PAGE_SIZE_DEFAULT } from "@/lib/constants";

// GET /api/get-product[?page=&limit=] — docs/PRODUCT.md §7.2: all products, newest first, with `total` (every
// product). Without page and limit: the whole list up to API_LIST_MAX; with either, one page
// (limit API_PAGE_SIZE_DEFAULT unless given).
export const GET = handle(async (request) => {
  const { page, limit } = readQuery(request, pageQuerySchema);
  const unpaged = page === undefined && limit === undefined;
  const result = await filterProducts({ categories: [], page, pageSize: unpaged ? API_LIST_MAX : (limit ?? API_PAGE_SIZE_DEFAULT) });
  return cacheable(request, okWith({ data: result.products, total: result.total }, "All products"));
});
