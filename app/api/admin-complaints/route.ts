import { requireAdmin } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { listComplaintsForAdmin } from "@/lib/server/support/complaints";

// GET /api/admin-complaints[?view=closed] — admins only, beyond the spec: the complaints still
// open (oldest first, with their deadlines), or the closed ones.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const view = new URL(request.url).searchParams.get("view") === "closed" ? "closed" : "open";
  return ok(await listComplaintsForAdmin(view), view === "open" ? "Open complaints" : "Closed complaints");
});
