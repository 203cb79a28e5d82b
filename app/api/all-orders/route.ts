import { ORDERS_PAGE_SIZE } from "@/lib/constants";
import { adminPageQuerySchema } from "@/lib/schemas";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";
import { listAllOrders } from "@/lib/server/orders/orders";

// GET /api/all-orders[?page=&limit=] — admins only: every order, newest first, a page at a time.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { page, limit } = readQuery(request, adminPageQuerySchema);
  const { orders, total } = await listAllOrders(page ?? 1, limit ?? ORDERS_PAGE_SIZE);
  return okWith({ data: orders, total }, "All orders");
});
