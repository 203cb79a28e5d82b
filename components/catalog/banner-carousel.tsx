"use client";

import { useEffect, useState } from "react";
import { BANNER_SLIDES as SLIDES, MOBILE_MEDIA } from "@/lib/catalog/banners";
import { CAROUSEL_INTERVAL_MS } from "@/lib/constants";

/**
 * docs/PRODUCT.md §4.4: advances every 5000 ms and wraps both ways; the mobile images below 768 px (chosen by
 * the browser through <picture>, so the right one loads first). Pauses while hovered or focused,
 * and with the pause button (WCAG 2.2.2).
 */
export function BannerCarousel() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const paused = hovered || focused || stopped;
  const count = SLIDES.length;
  const go = (step: number) => setIndex((current) => (current + step + count) % count);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [paused, count]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Offers"
      className="relative overflow-hidden rounded-2xl bg-slate-200"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-testid="banner-carousel"
      data-index={index}
    >
      <div className="flex transition-transform duration-700 ease-out motion-reduce:transition-none" style={{ transform: `translateX(-${index * 100}%)` }}>
        {SLIDES.map((slide, position) => (
          <div
            key={slide.desktop}
            role="group"
            aria-roledescription="slide"
            aria-label={`${position + 1} of ${count}`}
            aria-hidden={position !== index}
            className="w-full shrink-0"
          >
            <picture>
              <source media={MOBILE_MEDIA} srcSet={slide.mobile} width={800} height={900} />
              <img
                src={slide.desktop}
                alt={slide.caption}
                width={1600}
                height={500}
                // All five load at once (each is ~1.5 KB): a slide painted off screen and moved
                // in later is not a new Largest Contentful Paint, a lazily loaded one would be.
                loading="eager"
                fetchPriority={position === 0 ? "high" : "low"}
                decoding={position === 0 ? "sync" : "async"}
                className="aspect-[8/9] h-auto w-full object-cover md:aspect-[16/5]"
              />
            </picture>
          </div>
        ))}
      </div>
      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2">
        <button type="button" onClick={() => go(-1)} aria-label="Previous banner" className={CONTROL}>
          <span aria-hidden="true">‹</span>
        </button>
        <button type="button" onClick={() => setStopped((value) => !value)} aria-label={stopped ? "Play banners" : "Pause banners"} className={CONTROL}>
          <span aria-hidden="true" className="text-sm">{stopped ? "▶" : "❚❚"}</span>
        </button>
        <button type="button" onClick={() => go(1)} aria-label="Next banner" className={CONTROL}>
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <p className="sr-only" aria-live={paused ? "polite" : "off"}>
        Banner {index + 1} of {count}: {SLIDES[index]?.caption}
      </p>
    </section>
  );
}

const CONTROL = "grid h-9 w-9 place-items-center rounded-full bg-white/90 text-xl text-slate-900 shadow ring-1 ring-slate-300 hover:bg-white";
