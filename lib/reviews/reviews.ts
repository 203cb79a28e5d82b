// Reviews from verified buyers (issue 40), the client-safe part: limits, the shapes the API
// answers, and the few rules both the pages and the server apply.

export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 4000;
/** Reviews per page on the product page and in the API. */
export const REVIEWS_PAGE_SIZE = 10;
/** How many reviews the product's JSON-LD carries (the newest published). */
export const JSON_LD_REVIEWS = 5;
/** The admin's reason for hiding, and the store's reply. */
export const REVIEW_HIDE_REASON_MAX = 500;
export const REVIEW_REPLY_MAX = 2000;

/** The orders of the product page's reviews: newest first (the default), most helpful, highest, lowest. */
export const REVIEW_SORTS = ["newest", "helpful", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest first",
  helpful: "Most helpful",
  highest: "Highest rating",
  lowest: "Lowest rating",
};

/** A product's published reviews in sum: the average (one decimal; 0 without reviews), the count, and how many at 1..5 stars. */
export type RatingSummary = { average: number; count: number; stars: [number, number, number, number, number] };

/** A review as the shop shows it: never the author's email or id. */
export type PublicReview = {
  _id: string;
  productId: string;
  rating: number;
  title: string;
  body: string;
  /** "Priya S.": first name and initial. */
  author: string;
  /** Every review is from a buyer who received the product. */
  verifiedPurchase: true;
  helpfulCount: number;
  createdAt: string;
  editedAt: string | null;
  /** The store's reply, shown under the review. */
  reply: { text: string; at: string } | null;
};

/** The author's own review, as they see it: with its state and the reason when the store hid it. */
export type OwnReview = PublicReview & { hidden: { at: string; reason: string } | null };

/** A review in the admin's list: with the product's name and the moderation fields. */
export type AdminReview = OwnReview & { productName: string };

/** One page of a product's published reviews, with the product's summary (GET /api/product-reviews). */
export type ReviewPage = { reviews: PublicReview[]; summary: RatingSummary; sort: ReviewSort; page: number; pageSize: number; total: number };

/** What the product page shows a signed-in shopper (GET /api/my-review). */
export type MyReviewStatus = {
  /** Whether the shopper may write (or has written) a review of it. */
  eligible: boolean;
  /** Why not, in words. */
  reason: string | null;
  review: OwnReview | null;
  /** The reviews of this product the shopper has voted helpful. */
  voted: string[];
};

/** The average kept in hundredths (437), as shown: one decimal (4.4). */
export function ratingAverage(hundredths: number): number {
  return Math.round(hundredths / 10) / 10;
}

/** "4.4 out of 5 stars, 12 reviews": what a screen reader hears for a rating. */
export function ratingWords(average: number, count: number): string {
  if (count === 0) return "No reviews yet";
  return `Rated ${average.toFixed(1)} out of 5, ${count.toLocaleString("en-IN")} review${count === 1 ? "" : "s"}`;
}

/**
 * The name a review shows: the first name and the initial of the last ("Priya Sharma" → "Priya S."),
 * the one name alone, "A shopper" for none. Never the email.
 */
export function reviewAuthorName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // A name that holds an address (some shoppers type their email as their name) is never shown.
  if (words.length === 0 || words.some((word) => word.includes("@"))) return "A shopper";
  const first = words[0]!.slice(0, 40);
  const last = words.length > 1 ? words[words.length - 1]! : "";
  const initial = last ? Array.from(last)[0]!.toLocaleUpperCase("en-IN") : "";
  return initial ? `${first} ${initial}.` : first;
}

// The admin's moderation and the review-request mail (issue 40) ------------------------------------

/** Reviews a page in the admin's list. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
/** The admin's list by state: every review, the published ones, the hidden ones. */
export const ADMIN_REVIEW_STATES = ["all", "published", "hidden"] as const;
export type AdminReviewState = (typeof ADMIN_REVIEW_STATES)[number];
export const ADMIN_REVIEW_STATE_LABELS: Record<AdminReviewState, string> = { all: "All", published: "Published", hidden: "Hidden" };

/** Days after delivery before the "How is your …?" mail asks for a review. */
export const REVIEW_REQUEST_DAYS = 5;
/** Only orders delivered within these days are asked about, so a deploy never mails old orders. */
export const REVIEW_REQUEST_MAX_AGE_DAYS = 30;
/** Where a review-request mail leads: the product page's review form. */
export const WRITE_REVIEW_ANCHOR = "write-review";
