import { deleteUser } from "@/lib/server/accounts/admin-users";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";

// DELETE /api/delete-user/{userId} — admins only: the account, its cart, wishlist and reset codes
// go; its orders stay, detached. Not oneself (400), not the last admin (409).
export const DELETE = handle<{ params: Promise<{ userId: string }> }>(async (request, context) => {
  const admin = await requireAdminWrite(request);
  const { userId } = await context.params;
  return ok(await deleteUser(admin, userId), "User deleted");
});
