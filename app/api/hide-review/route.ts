import { hideReviewSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { hideReview } from "@/lib/server/reviews/moderation";

// POST /api/hide-review {reviewId, reason} — admins only, beyond the spec (issue 40): the review
// leaves the product page and its rating; its author sees it hidden, with the reason. 404 unknown,
// 409 already hidden.
export const POST = handle(async (request) => {
  const admin = await requireAdminWrite(request);
  const { reviewId, reason } = await readBody(request, hideReviewSchema);
  return ok(await hideReview(admin.id, reviewId, reason), "Review hidden");
});
