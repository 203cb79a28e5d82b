/** docs/PRODUCT.md §2.6: a fixed star display (four and a half stars). */
export function StarRating() {
  return (
    <p role="img" className="flex items-center gap-0.5 text-amber-500" aria-label="Rated 4.5 out of 5">
      {[0, 1, 2, 3].map((index) => (
        <Star key={index} fill="full" />
      ))}
      <Star fill="half" />
    </p>
  );
}

function Star({ fill }: { fill: "full" | "half" }) {
  const path = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
      {fill === "half" && (
        <defs>
          <linearGradient id="half-star">
            <stop offset="50%" stopColor="currentColor" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path d={path} fill={fill === "full" ? "currentColor" : "url(#half-star)"} stroke="currentColor" strokeWidth="1.2" />
    </svg>
  );
}
