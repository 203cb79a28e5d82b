import type { ReviewPage } from "@/lib/reviews/reviews";
import { RatingSummaryBox } from "./rating-summary";
import { ReviewList } from "./review-list";
import { YourReview } from "./your-review";

/**
 * The product page's "Ratings and reviews" (issue 40): the average and count, a bar per star level,
 * the shopper's own review (write, edit, delete: a client part), and the published reviews in the
 * order the shopper picks, paged. The first page comes with the cached page; the rest from the API.
 */
export function ReviewsSection({ productId, productName, initial }: { productId: string; productName: string; initial: ReviewPage }) {
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="scroll-mt-20 space-y-6" data-testid="reviews">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        Ratings and reviews
      </h2>
      <div className="grid gap-8 lg:grid-cols-[20rem_1fr]">
        <div className="space-y-6">
          <RatingSummaryBox productId={productId} initial={initial} />
          <YourReview productId={productId} productName={productName} />
        </div>
        <ReviewList productId={productId} initial={initial} />
      </div>
    </section>
  );
}
