import { reviewIdBodySchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { showReview } from "@/lib/server/reviews/moderation";

// POST /api/show-review {reviewId} — admins only, beyond the spec (issue 40): a hidden review is
// published again (back on the product page and in its rating). 404 unknown, 409 not hidden.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { reviewId } = await readBody(request, reviewIdBodySchema);
  return ok(await showReview(reviewId), "Review shown again");
});
