import { adminReviewQuerySchema } from "@/lib/schemas";
import { requireAdmin } from "@/lib/server/accounts/auth";
import { handle, okWith, readQuery } from "@/lib/server/platform/http";
import { listReviewsForAdmin } from "@/lib/server/reviews/moderation";

// GET /api/admin-reviews[?state=all|published|hidden&rating=1..5&page=N] — admins only, beyond the
// spec (issue 40): every review newest first, 20 a page, with its product's name and its state
// (hidden: when and why); `total` counts the selection.
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const query = readQuery(request, adminReviewQuerySchema);
  const { reviews, total, page, pageSize } = await listReviewsForAdmin(query);
  return okWith({ data: reviews, total, page, pageSize }, "Reviews");
});
