import { reviewIdBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";
import { voteHelpful } from "@/lib/server/reviews/reviews";

// POST /api/review-helpful {reviewId} — beyond the spec (issue 40): "Was this helpful?". One vote
// per signed-in shopper per review (409 for a second), never on one's own (403); answers the count.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { reviewId } = await readBody(request, reviewIdBodySchema);
  await throttle("reviewVote", request, user.id);
  return ok(await voteHelpful(user.id, reviewId), "Thank you for your feedback.");
});
