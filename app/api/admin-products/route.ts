import { API_PAGE_SIZE_DEFAULT } from "@/lib/constants";
import { adminProductQuerySchema } from "@/lib/schemas";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { listProductsForAdmin } from "@/lib/server/catalog/catalog-admin";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";

// GET /api/admin-products[?page=&limit=&after=&q=&category=&state=] — admins only: the admin's product list,
// newest first, or the store's search for `q`; one category or all; on sale (active), archived or all.
// `total` is exact; `nextCursor` (beside it) is the `after` of the next page, null on the last.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { page, limit, after, q, category, state } = readQuery(request, adminProductQuerySchema);
  const list = await listProductsForAdmin({ page: page ?? 1, limit: limit ?? API_PAGE_SIZE_DEFAULT, after: after || undefined, q: q || undefined, category, state });
  return okWith({ data: list.products, total: list.total, nextCursor: list.nextCursor }, "Products");
});
