import { cacheable, handle, okWith, readQuery } from "@/lib/server/platform/http";
import { filterProducts } from "@/lib/server/catalog/catalog";
import { pageQuerySchema } from "@/lib/schemas";
import { API_LIST_MAX, API_PAGE_SIZE_DEFAULT } from "@/lib/constants";
import { isCategory } from "@/lib/catalog/categories";

// GET /api/get-category-wise-product/{category}[?page=&limit=] — docs/PRODUCT.md §7.2: the category's products
// under `product`, newest first, with `total`. Without page and limit: the whole list up to
// API_LIST_MAX; with either, one page. An unknown category is an empty list.
export const GET = handle<{ params: Promise<{ category: string }> }>(async (request, context) => {
  const { category } = await context.params;
  const { page, limit } = readQuery(request, pageQuerySchema);
  // Not kept: any path would make an entry.
  if (!isCategory(category)) return okWith({ product: [], total: 0 }, "Category products");
  const unpaged = page === undefined && limit === undefined;
  const result = await filterProducts({ categories: [category], page, pageSize: unpaged ? API_LIST_MAX : (limit ?? API_PAGE_SIZE_DEFAULT) });
  return cacheable(request, okWith({ product: result.products, total: result.total }, "Category products"));
});
