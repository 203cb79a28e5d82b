import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { ListSkeleton } from "@/components/admin/list-states";
import { LIST_HEADING_ID, ReviewFilters, ReviewPager, reviewListHref, type ReviewListView } from "@/components/admin/review-list-nav";
import { ReviewModerationCard } from "@/components/admin/review-moderation-card";
import { ADMIN_REVIEW_STATE_LABELS } from "@/lib/reviews/reviews";
import { adminReviewQuerySchema } from "@/lib/schemas";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { listReviewsForAdmin } from "@/lib/server/reviews/moderation";

export const metadata: Metadata = { title: "Reviews" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The admin's reviews (issue 40): newest first, by state and stars, 20 a page, the view in the
// address; each review with its actions (hide with a reason, show again, the store's reply). Read
// at request time, admins only (the layout checks too).
export default function ReviewsPage({ searchParams }: { searchParams: SearchParams }) {
  return (
    <section aria-labelledby={LIST_HEADING_ID} className="space-y-4">
      <h1 id={LIST_HEADING_ID} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        Reviews
      </h1>
      <Suspense fallback={<ReviewsSkeleton />}>
        <ReviewList searchParams={searchParams} />
      </Suspense>
    </section>
  );
}

function ReviewsSkeleton() {
  return (
    <div className="space-y-4">
      <div className="h-20 animate-pulse rounded-2xl bg-slate-200" aria-hidden="true" />
      <ListSkeleton rows={4} rowClassName="h-48 rounded-2xl" label="Loading the reviews" />
    </div>
  );
}

/** The address's view; anything it cannot read is the first page of all reviews. */
function readView(params: Record<string, string | string[] | undefined>): ReviewListView {
  const single = Object.fromEntries(Object.entries(params).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])));
  const parsed = adminReviewQuerySchema.safeParse(single);
  return parsed.success ? parsed.data : { state: "all", page: 1 };
}

async function ReviewList({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const view = readView(await searchParams);
  const { reviews, total, pageSize } = await listReviewsForAdmin(view);
  const which = `${view.state === "all" ? "" : `${ADMIN_REVIEW_STATE_LABELS[view.state].toLowerCase()} `}reviews${view.rating ? ` with ${view.rating} ${view.rating === 1 ? "star" : "stars"}` : ""}`;
  return (
    <>
      <ReviewFilters view={view} />
      {reviews.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-700 shadow-sm ring-1 ring-slate-200" data-testid="reviews-empty">
          {total > 0 ? (
            <>
              No {which} on this page. <Link href={reviewListHref({ ...view, page: 1 })} className="text-brand-700 underline">
                Go to the first page
              </Link>.
            </>
          ) : view.state === "all" && !view.rating ? (
            "No reviews yet."
          ) : (
            `No ${which}.`
          )}
        </p>
      ) : (
        <ul className="space-y-4" aria-label={`${which.charAt(0).toUpperCase()}${which.slice(1)}, newest first`}>
          {reviews.map((review) => (
            <li key={review._id}>
              <ReviewModerationCard review={review} />
            </li>
          ))}
        </ul>
      )}
      <ReviewPager view={view} pageSize={pageSize} total={total} />
    </>
  );
}
