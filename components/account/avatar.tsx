/** A round profile picture, or the generic person icon when there is none. */
export function Avatar({ picture, size, alt = "" }: { picture: string; size: "md" | "lg"; alt?: string }) {
  const box = size === "lg" ? "h-28 w-28" : "h-20 w-20";
  return (
    <span className={`${box} grid shrink-0 place-items-center overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-300`}>
      {picture ? (
        // eslint-disable-next-line @next/next/no-img-element -- a data URL or the image host's URL, any size
        <img src={picture} alt={alt} className="h-full w-full object-cover" />
      ) : (
        <svg viewBox="0 0 24 24" className="h-3/5 w-3/5 fill-slate-500" role={alt ? "img" : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
          <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
        </svg>
      )}
    </span>
  );
}
