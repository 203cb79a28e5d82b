import { ORDERS_PAGE_SIZE } from "@/lib/constants";
import { adminOrderQuerySchema } from "@/lib/schemas";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";
import { listOrdersForAdmin } from "@/lib/server/orders/admin-orders";

// GET /api/all-orders[?status=&q=&page=&limit=] — admins only: the orders of one state (PAID:
// oversold first, then oldest first; others newest first) or all (oversold first, then newest
// first, as without `status`), narrowed by `q` (an order number, an email or its beginning, a
// phone), a page at a time; `counts` says how many each state holds (of those `q` matches), and
// `attention` how many need the owner (oversold, a refund failed), listed by `status=attention`;
// `returns` how many have an open return request, listed by `status=returns`.
// `cashDue` how many delivered cash-on-delivery orders wait for their cash, listed by `status=cash-due`.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { page, limit, status, q } = readQuery(request, adminOrderQuerySchema);
  const { orders, total, counts, attention, returns, cashDue } = await listOrdersForAdmin({ status, q: q || undefined, page: page ?? 1, limit: limit ?? ORDERS_PAGE_SIZE });
  return okWith({ data: orders, total, counts, attention, returns, cashDue }, "All orders");
});
