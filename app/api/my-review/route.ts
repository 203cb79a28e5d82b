import { productIdBodySchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, notFound, ok, readQuery } from "@/lib/server/platform/http";
import { myReviewStatus } from "@/lib/server/reviews/reviews";

// GET /api/my-review?productId= — beyond the spec, the caller's own (issue 40): their review of the
// product (with the store's reason when it was hidden), whether they may write one and why not, and
// which of its reviews they found helpful.
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  const { productId } = readQuery(request, productIdBodySchema);
  const status = await myReviewStatus(user.id, productId);
  if (!status) throw notFound("Product not found");
  return ok(status, status.review ? "Your review" : status.eligible ? "You can review this product" : status.reason ?? "");
});
