import { reviewSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";
import { assertCanReview, writeReview } from "@/lib/server/reviews/reviews";

// POST /api/write-review {productId, rating, title?, body?} — beyond the spec (issue 40): a buyer
// who received the product rates it 1–5 stars, with an optional title and words; their second
// call replaces the first (one review per buyer per product). 201 when written, 200 when replaced;
// 403 with the reason for anyone who did not receive it. A review the store hid stays hidden.
const HIDDEN_EDIT_MESSAGE = "Your review is updated. The store hid it, so it stays hidden until the store shows it again.";
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const input = await readBody(request, reviewSchema);
  // Refusals first: a shopper who cannot review spends nobody's budget.
  await assertCanReview(user.id, input.productId);
  await throttle("review", request, user.id);
  const { review, created } = await writeReview(user, input);
  const message = review.hidden ? HIDDEN_EDIT_MESSAGE : created ? "Thank you: your review is published." : "Your review is updated.";
  return ok(review, message, { status: created ? 201 : 200 });
});
