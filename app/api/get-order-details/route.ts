import { ORDERS_LIST_MAX, ORDERS_PAGE_SIZE } from "@/lib/constants";
import { pageQuerySchema } from "@/lib/schemas";
import { requireUser } from "@/lib/server/accounts/auth";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";
import { listOrders } from "@/lib/server/orders/orders";

// GET /api/get-order-details[?page=&limit=] — docs/PRODUCT.md §7.2: the caller's own orders, newest first, in
// the spec's order shape. Without paging parameters: the newest ORDERS_LIST_MAX, with `total`.
export const GET = handle(async (request) => {
  const user = await requireUser(request);
  const { page, limit } = readQuery(request, pageQuerySchema);
  const { orders, total } = await listOrders(user.id, page ?? 1, limit ?? (page ? ORDERS_PAGE_SIZE : ORDERS_LIST_MAX));
  return okWith({ data: orders, total }, "Order list");
});
