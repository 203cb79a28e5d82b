import { requireUser } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { toPublicUser } from "@/lib/server/accounts/users";

// GET /api/user-details — docs/PRODUCT.md §7.2: the signed-in user, without any secret.
export const GET = handle(async (request) => {
  const user = await requireUser(request);
  return ok(toPublicUser(user), "User details");
});
