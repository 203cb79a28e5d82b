import { ratingWords } from "@/lib/reviews/reviews";

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** One star, filled or outlined, in the text's colour; hidden from assistive technology (its words are elsewhere). */
export function StarIcon({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden="true">
      <path d={STAR_PATH} fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}

/**
 * Five stars filled to `value` (0..5, any fraction): outlined stars with filled ones over them,
 * clipped to the value's width. One image to assistive technology, named by `label`.
 */
export function Stars({ value, label, size = "md" }: { value: number; label: string; size?: "sm" | "md" | "lg" }) {
  const box = size === "sm" ? "h-4 w-4" : size === "lg" ? "h-6 w-6" : "h-5 w-5";
  const row = (filled: boolean) =>
    [0, 1, 2, 3, 4].map((index) => <StarIcon key={index} filled={filled} className={`${box} shrink-0`} />);
  const percent = Math.max(0, Math.min(5, value)) * 20;
  return (
    <span role="img" aria-label={label} className="relative inline-flex text-amber-500">
      <span className="inline-flex">{row(false)}</span>
      <span className="absolute inset-y-0 left-0 inline-flex overflow-hidden" style={{ width: `${percent}%` }}>
        {row(true)}
      </span>
    </span>
  );
}

/**
 * A product's average and count (issue 40), replacing docs/PRODUCT.md §2.6's fixed four and a half
 * stars: the stars, "4.4" and "(12 reviews)", linking to the reviews when `href` is given; "No
 * reviews yet" without any.
 */
export function StarRating({ average, count, href, size = "md" }: { average: number; count: number; href?: string; size?: "sm" | "md" }) {
  const text = size === "sm" ? "text-xs" : "text-sm";
  if (count === 0) {
    const none = <span className={`${text} text-slate-600`}>No reviews yet</span>;
    return href ? (
      <a href={href} className="inline-block hover:underline" data-testid="star-rating">
        {none}
      </a>
    ) : (
      <span data-testid="star-rating">{none}</span>
    );
  }
  const content = (
    <>
      <Stars value={average} label={ratingWords(average, count)} size={size === "sm" ? "sm" : "md"} />
      <span aria-hidden="true" className={`${text} font-semibold text-slate-800`}>
        {average.toFixed(1)}
      </span>
      <span aria-hidden="true" className={`${text} text-slate-600`}>
        ({count.toLocaleString("en-IN")})
      </span>
    </>
  );
  return href ? (
    <a href={href} className="inline-flex items-center gap-1.5 hover:underline" data-testid="star-rating">
      {content}
    </a>
  ) : (
    <span className="inline-flex items-center gap-1.5" data-testid="star-rating">
      {content}
    </span>
  );
}
