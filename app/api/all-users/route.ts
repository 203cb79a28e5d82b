import { ADMIN_LIST_MAX, USER_TABLE_PAGE_SIZE } from "@/lib/constants";
import { adminPageQuerySchema } from "@/lib/schemas";
import { listUsers } from "@/lib/server/accounts/admin-users";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";

// GET /api/all-users[?page=&limit=] — docs/PRODUCT.md §7.2, admins only: accounts newest first. Paged (the
// table asks for 8 at a time); without paging parameters the newest ADMIN_LIST_MAX, with `total`.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { page, limit } = readQuery(request, adminPageQuerySchema);
  const { users, total } = await listUsers(page ?? 1, limit ?? (page ? USER_TABLE_PAGE_SIZE : ADMIN_LIST_MAX));
  return okWith({ data: users, total }, "All users");
});
