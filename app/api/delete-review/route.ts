import { productIdBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, notFound, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";
import { deleteReview, hasReview } from "@/lib/server/reviews/reviews";

// POST /api/delete-review {productId} — beyond the spec, the caller's own (issue 40): deletes their
// review of the product (its stars leave the average at once). A review the store hid keeps its
// place, hidden, without its words (lib/server/reviews/reviews.ts).
const NO_REVIEW_MESSAGE = "You have no review of this product.";
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId } = await readBody(request, productIdBodySchema);
  if (!(await hasReview(user.id, productId))) throw notFound(NO_REVIEW_MESSAGE);
  await throttle("review", request, user.id);
  if (!(await deleteReview(user.id, productId))) throw notFound(NO_REVIEW_MESSAGE);
  return ok({ productId }, "Your review is deleted.");
});
