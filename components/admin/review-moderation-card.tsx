import Link from "next/link";
import { formatDate, formatDateTime } from "@/lib/shared/dates";
import type { AdminReview } from "@/lib/reviews/reviews";
import { Stars } from "../catalog/star-rating";
import { ReviewActions } from "./review-actions";

/**
 * One review in the admin's list: stars, title, the words as the shopper wrote them (plain text,
 * line breaks kept, nothing made a link), author, product (linked), date, "Verified purchase",
 * helpful votes, its state (hidden: when and why), the store's reply, and the actions.
 */
export function ReviewModerationCard({ review }: { review: AdminReview }) {
  const headingId = `review-${review._id}`;
  return (
    <article aria-labelledby={headingId} className={`rounded-2xl bg-white p-4 shadow-sm sm:p-5 ${review.hidden ? "ring-2 ring-amber-300" : "ring-1 ring-slate-200"}`} data-testid="admin-review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} label={`Rated ${review.rating} out of 5`} size="sm" />
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${review.hidden ? "bg-amber-100 text-amber-900" : "bg-emerald-50 text-emerald-800"}`} data-testid="review-state">
          {review.hidden ? "Hidden" : "Published"}
        </span>
      </div>
      <h2 id={headingId} className="mt-2 text-base font-semibold [overflow-wrap:anywhere]">
        {review.title || <span className="font-normal text-slate-600 italic">No title</span>}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        <span className="[overflow-wrap:anywhere]">{review.author}</span> · <span className="font-medium text-emerald-800">Verified purchase</span> ·{" "}
        <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.editedAt && (
          <>
            {" "}
            (edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time>)
          </>
        )}
      </p>
      <p className="mt-1 text-sm">
        <span className="text-slate-700">Product: </span>
        <Link href={`/product/${review.productId}`} className="text-brand-700 underline underline-offset-2 [overflow-wrap:anywhere] hover:text-brand-600">
          {review.productName}
        </Link>
      </p>
      {review.body ? (
        <p className="mt-3 text-sm whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="review-body">
          {review.body}
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-600 italic">Stars only, no words.</p>
      )}
      <p className="mt-2 text-xs text-slate-600">
        {review.helpfulCount === 0 ? "No one has found this helpful yet" : `${review.helpfulCount.toLocaleString("en-IN")} ${review.helpfulCount === 1 ? "person" : "people"} found this helpful`}
      </p>
      {review.hidden && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 [overflow-wrap:anywhere] whitespace-pre-wrap" data-testid="review-hidden-reason">
          <span className="font-semibold">
            Hidden <time dateTime={review.hidden.at}>{formatDateTime(review.hidden.at)}</time>:
          </span>{" "}
          {review.hidden.reason}
        </p>
      )}
      {review.reply && (
        <blockquote className="mt-3 border-l-4 border-brand-200 pl-3 text-sm" data-testid="review-reply">
          <span className="block text-xs text-slate-600">
            Reply from the store, <time dateTime={review.reply.at}>{formatDateTime(review.reply.at)}</time>
          </span>
          <span className="whitespace-pre-wrap [overflow-wrap:anywhere]">{review.reply.text}</span>
        </blockquote>
      )}
      <div className="mt-4">
        <ReviewActions review={review} />
      </div>
    </article>
  );
}
