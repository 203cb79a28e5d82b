import { roleBodySchema } from "@/lib/schemas";
import { changeRole } from "@/lib/server/accounts/admin-users";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// PUT /api/update-role/{userId} {role} — docs/PRODUCT.md §7.3, with the admin's session cookie (the old shop
// sent it without credentials and checked nothing). The last admin cannot be demoted (409).
export const PUT = handle<{ params: Promise<{ userId: string }> }>(async (request, context) => {
  const admin = await requireAdminWrite(request);
  const { role } = await readBody(request, roleBodySchema);
  const { userId } = await context.params;
  return ok(await changeRole(admin, userId, role), "Role updated successfully");
});
