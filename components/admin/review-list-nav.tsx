import Link from "next/link";
import { ADMIN_REVIEW_STATE_LABELS, type AdminReviewState } from "@/lib/reviews/reviews";

// The admin's review list's view lives in the address (?state=&rating=&page=): plain links, so
// reload, back and forward keep it, and every control is reachable by keyboard without a script.

export type ReviewListView = { state: AdminReviewState; rating?: number; page: number };

const BASE = "/admin-panel/reviews";
/** The Reviews page's heading, focusable by script (a review that leaves the list gives the focus to it). */
export const LIST_HEADING_ID = "reviews-heading";
/** The state filter's order on screen: Published, Hidden, All. */
const STATE_ORDER: readonly AdminReviewState[] = ["published", "hidden", "all"];

/** The address of a view (the defaults left out). */
export function reviewListHref(view: ReviewListView): string {
  const params = new URLSearchParams();
  if (view.state !== "all") params.set("state", view.state);
  if (view.rating) params.set("rating", String(view.rating));
  if (view.page > 1) params.set("page", String(view.page));
  const query = params.toString();
  return query ? `${BASE}?${query}` : BASE;
}

const chip = (current: boolean) =>
  `inline-flex min-h-9 items-center rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ${current ? "bg-slate-900 text-white ring-slate-900" : "bg-white text-slate-800 ring-slate-300 hover:bg-slate-100"}`;

/** State (Published, Hidden, All) and stars (any, 5 … 1); each change goes back to page 1. */
export function ReviewFilters({ view }: { view: ReviewListView }) {
  return (
    <div className="space-y-3">
      <nav aria-label="Reviews by state">
        <ul className="flex flex-wrap gap-2">
          {STATE_ORDER.map((state) => (
            <li key={state}>
              <Link href={reviewListHref({ state, rating: view.rating, page: 1 })} scroll={false} aria-current={view.state === state ? "page" : undefined} className={chip(view.state === state)} data-testid="review-state-filter">
                {ADMIN_REVIEW_STATE_LABELS[state]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Reviews by stars">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link href={reviewListHref({ state: view.state, page: 1 })} scroll={false} aria-current={view.rating === undefined ? "page" : undefined} className={chip(view.rating === undefined)}>
              Any stars
            </Link>
          </li>
          {[5, 4, 3, 2, 1].map((stars) => (
            <li key={stars}>
              <Link
                href={reviewListHref({ state: view.state, rating: stars, page: 1 })}
                scroll={false}
                aria-current={view.rating === stars ? "page" : undefined}
                className={chip(view.rating === stars)}
                data-testid="review-rating-filter"
              >
                {stars} {stars === 1 ? "star" : "stars"}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

/** 'Showing a-b of n', Previous and Next as links (as the admin's Pager looks; muted at the ends). */
export function ReviewPager({ view, pageSize, total }: { view: ReviewListView; pageSize: number; total: number }) {
  const first = total === 0 ? 0 : (view.page - 1) * pageSize + 1;
  const last = Math.min(view.page * pageSize, total);
  const button = "rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-slate-300";
  const step = (label: string, page: number, enabled: boolean) =>
    enabled ? (
      <Link href={reviewListHref({ ...view, page })} className={`${button} hover:bg-slate-100`} rel={label === "Next" ? "next" : "prev"}>
        {label}
      </Link>
    ) : (
      <span className={`${button} cursor-not-allowed opacity-50`} aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav aria-label="Review pages" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" data-testid="pager-status">
        Showing {first}-{last} of {total.toLocaleString("en-IN")}
      </p>
      <div className="flex gap-2">
        {step("Previous", view.page - 1, view.page > 1)}
        {step("Next", view.page + 1, last < total)}
      </div>
    </nav>
  );
}
