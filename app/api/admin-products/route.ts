import { API_PAGE_SIZE_DEFAULT } from "@/lib/constants";
import { adminProductQuerySchema } from "@/lib/schemas";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { listProductsForAdmin } from "@/lib/server/catalog/catalog-admin";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";

// GET /api/admin-products[?page=&limit=&q=&category=&state=] — admins only: the admin's product list,
// newest first, or the store's search for `q`; one category or all; on sale (active), archived or all.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { page, limit, q, category, state } = readQuery(request, adminProductQuerySchema);
  const { products, total } = await listProductsForAdmin({ page: page ?? 1, limit: limit ?? API_PAGE_SIZE_DEFAULT, q: q || undefined, category, state });
  return okWith({ data: products, total }, "Products");
});
