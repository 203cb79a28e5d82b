import { replyReviewSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { replyToReview } from "@/lib/server/reviews/moderation";

// POST /api/reply-review {reviewId, reply} — admins only, beyond the spec (issue 40): the store's
// reply, shown under the review on the product page; a new reply replaces the old, "" removes it.
// 404 unknown.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { reviewId, reply } = await readBody(request, replyReviewSchema);
  return ok(await replyToReview(reviewId, reply), reply ? "Reply saved" : "Reply removed");
});
