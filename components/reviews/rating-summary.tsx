"use client";

import type { ReviewPage } from "@/lib/reviews/reviews";
import { StarRating, Stars } from "../catalog/star-rating";
import { useReviewPage } from "./use-review-page";

/** The average, the count and a bar per star level, as of the last change seen here (issue 40). */
export function RatingSummaryBox({ productId, initial }: { productId: string; initial: ReviewPage }) {
  const summary = useReviewPage(productId, initial).data?.summary ?? initial.summary;
  return (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4" data-testid="rating-summary">
      {summary.count === 0 ? (
        <p className="text-slate-700">No reviews yet. Buyers who received this product can be the first to review it.</p>
      ) : (
        <>
          <p className="flex items-center gap-3">
            <span aria-hidden="true" className="text-4xl font-bold text-slate-900" data-testid="rating-average">
              {summary.average.toFixed(1)}
            </span>
            <span className="space-y-1">
              <Stars value={summary.average} label={`Rated ${summary.average.toFixed(1)} out of 5`} size="lg" />
              <span className="block text-sm text-slate-600" data-testid="rating-count">
                {summary.count.toLocaleString("en-IN")} review{summary.count === 1 ? "" : "s"}
              </span>
            </span>
          </p>
          <ol className="space-y-1.5" aria-label="Reviews by stars">
            {[5, 4, 3, 2, 1].map((level) => {
              const n = summary.stars[level - 1] ?? 0;
              const percent = summary.count ? Math.round((n * 100) / summary.count) : 0;
              return (
                <li key={level} className="grid grid-cols-[3.5rem_1fr_3rem] items-center gap-2 text-sm" data-testid={`stars-${level}`}>
                  <span className="text-slate-700">
                    {level} star{level === 1 ? "" : "s"}
                  </span>
                  <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-slate-200">
                    <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent}%` }} />
                  </span>
                  <span className="text-right tabular-nums text-slate-700">
                    {n.toLocaleString("en-IN")}
                    <span className="sr-only"> ({percent}%)</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}

/** The stars beside the product's name: the same summary, linking to the reviews. */
export function ProductRating({ productId, initial }: { productId: string; initial: ReviewPage }) {
  const summary = useReviewPage(productId, initial).data?.summary ?? initial.summary;
  return <StarRating average={summary.average} count={summary.count} href="#reviews" />;
}
