"use client";

import { useEffect, useId, useRef, useState } from "react";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { REVIEW_SORT_LABELS, REVIEW_SORTS, type PublicReview, type ReviewPage, type ReviewSort } from "@/lib/reviews/reviews";
import { formatDate } from "@/lib/shared/dates";
import { Stars } from "../catalog/star-rating";
import { useApiAction } from "../ui/use-api-action";
import { QUIET_BUTTON_CLASS } from "./review-styles";
import { useMyReview } from "./use-my-review";
import { useReviewPage } from "./use-review-page";

/**
 * The published reviews (issue 40): newest first, or most helpful, highest, lowest; paged. The
 * first page of the newest is the one the server rendered with the page; the others are asked of
 * GET /api/product-reviews. "Was this helpful?" once per signed-in shopper, never on their own.
 */
export function ReviewList({ productId, initial }: { productId: string; initial: ReviewPage }) {
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [page, setPage] = useState(1);
  const listRef = useRef<HTMLDivElement>(null);
  const sortId = useId();
  const { user, status } = useMyReview(productId);
  const { data: current, error, isLoading, mutate } = useReviewPage(productId, initial, sort, page);
  // A signed-in shopper: the cached page may not show their votes or review yet (votes never
  // refresh it), so the first page is asked for once more as soon as it is known who they are.
  const signedIn = user?._id;
  useEffect(() => {
    if (signedIn) void mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per shopper, not per page shown
  }, [signedIn]);
  // Votes given on this page since it loaded, with the counts the server answered.
  const [counted, setCounted] = useState<Record<string, number>>({});

  const total = current?.total ?? initial.total;
  const pages = Math.max(1, Math.ceil(total / initial.pageSize));
  // Fewer reviews than when this page was chosen (one deleted): the last page there is.
  if (page > pages) setPage(pages);
  if (total === 0) return null;

  const goTo = (next: number) => {
    setPage(next);
    // Keyboard and screen-reader users continue at the top of the new page.
    listRef.current?.focus();
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {total.toLocaleString("en-IN")} review{total === 1 ? "" : "s"}
          {pages > 1 ? ` · page ${page} of ${pages}` : ""}
        </p>
        <label htmlFor={sortId} className="flex items-center gap-2 text-sm">
          Sort reviews
          <select
            id={sortId}
            value={sort}
            onChange={(event) => {
              setSort(event.target.value as ReviewSort);
              setPage(1);
            }}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
            data-testid="review-sort"
          >
            {REVIEW_SORTS.map((value) => (
              <option key={value} value={value}>
                {REVIEW_SORT_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div
        ref={listRef}
        tabIndex={-1}
        role="group"
        aria-label={pages > 1 ? `Reviews, page ${page} of ${pages}` : "Reviews"}
        className="space-y-4 outline-none"
        aria-busy={isLoading || undefined}
        data-testid="review-list"
      >
        {error && !current ? (
          <p role="alert" className="text-sm text-red-700">
            The reviews could not be loaded. Please try again.
          </p>
        ) : !current ? (
          <div role="status" aria-label="Loading reviews" className="space-y-3">
            {[0, 1, 2].map((index) => (
              <div key={index} className="h-24 animate-pulse rounded-lg bg-slate-100" />
            ))}
          </div>
        ) : (
          current.reviews.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              own={status?.review?._id === review._id}
              canVote={user?.role !== "ADMIN"}
              voted={Boolean(status?.voted.includes(review._id)) || review._id in counted}
              helpfulCount={counted[review._id] ?? review.helpfulCount}
              onVoted={(count) => setCounted((was) => ({ ...was, [review._id]: count }))}
              productId={productId}
            />
          ))
        )}
      </div>
      {pages > 1 && (
        <nav aria-label="Review pages" className="flex items-center justify-between gap-3">
          <button type="button" className={QUIET_BUTTON_CLASS} disabled={page <= 1} onClick={() => goTo(page - 1)}>
            Previous
          </button>
          <span className="text-sm text-slate-700">
            Page {page} of {pages}
          </span>
          <button type="button" className={QUIET_BUTTON_CLASS} disabled={page >= pages} onClick={() => goTo(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

function ReviewItem({
  review,
  own,
  canVote,
  voted,
  helpfulCount,
  onVoted,
  productId,
}: {
  review: PublicReview;
  own: boolean;
  /** Admins do not vote (the store's answer is its reply). */
  canVote: boolean;
  voted: boolean;
  helpfulCount: number;
  onVoted: (count: number) => void;
  productId: string;
}) {
  const { pending, run } = useApiAction({ signInOnAuthError: true, returnTo: `/product/${productId}#reviews`, shopperOnlyMessage: "Only shoppers can vote on reviews." });
  const titleId = useId();
  const vote = () =>
    run(async () => {
      const answer = await postJson<{ helpfulCount: number }>("/api/review-helpful", { reviewId: review._id });
      onVoted(answer.data.helpfulCount);
      toast.success(answer.message);
    });
  return (
    <article aria-labelledby={titleId} className="space-y-2 rounded-lg border border-slate-200 p-4" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} label={`${review.rating} out of 5 stars`} size="sm" />
        <h3 id={titleId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
          {review.title || `${review.rating} out of 5 stars`}
        </h3>
      </div>
      <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
        {/* Each part carries the dot before it, so a wrapped line never ends on one. */}
        <span data-testid="review-author">{review.author}</span>
        <span>
          <span aria-hidden="true">· </span>
          <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        </span>
        <span className="font-semibold text-green-800">
          <span aria-hidden="true" className="font-normal text-slate-600">
            ·{" "}
          </span>
          Verified purchase
        </span>
        {review.editedAt && (
          <span>
            <span aria-hidden="true">· </span>Edited
          </span>
        )}
      </p>
      {review.body && <p className="whitespace-pre-line leading-relaxed text-slate-800 [overflow-wrap:anywhere]">{review.body}</p>}
      {review.reply && (
        <div className="ml-2 space-y-1 border-l-4 border-brand-200 bg-slate-50 py-2 pl-3 pr-2" data-testid="review-reply">
          <p className="text-sm font-semibold text-slate-800">
            Reply from the store <span className="font-normal text-slate-600">· {formatDate(review.reply.at)}</span>
          </p>
          <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">{review.reply.text}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2 pt-1 text-sm text-slate-700">
        {own ? (
          <span className="rounded bg-slate-100 px-2 py-0.5">Your review{helpfulCount > 0 ? ` · ${helpfulCount} found it helpful` : ""}</span>
        ) : !canVote ? (
          <span>
            {helpfulCount.toLocaleString("en-IN")} found this helpful
          </span>
        ) : voted ? (
          <span data-testid="helpful-thanks">You found this helpful · {helpfulCount.toLocaleString("en-IN")} {helpfulCount === 1 ? "person" : "people"} did</span>
        ) : (
          <>
            <span>Was this helpful?</span>
            <button type="button" className={QUIET_BUTTON_CLASS} onClick={vote} aria-busy={pending || undefined} disabled={pending}>
              Yes ({helpfulCount.toLocaleString("en-IN")})
            </button>
          </>
        )}
      </div>
    </article>
  );
}
