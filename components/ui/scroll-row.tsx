"use client";

import { useRef } from "react";
import { ROW_SCROLL_STEP_PX } from "@/lib/constants";

/** A horizontal row with left/right buttons that scroll 300 px (docs/PRODUCT.md §9); buttons hidden on small screens. */
export function ScrollRow({ label, children }: { label: string; children: React.ReactNode }) {
  const scroller = useRef<HTMLDivElement>(null);
  const scroll = (direction: -1 | 1) => scroller.current?.scrollBy({ left: direction * ROW_SCROLL_STEP_PX, behavior: "smooth" });

  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => scroll(-1)}
        aria-label={`Scroll ${label} left`}
        className="absolute -left-3 top-1/3 z-10 hidden h-10 w-10 place-items-center rounded-full bg-white text-xl shadow-md ring-1 ring-slate-200 hover:bg-slate-50 md:grid"
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div ref={scroller} data-testid="scroll-row" className="no-scrollbar flex gap-4 overflow-x-auto scroll-smooth pb-2">
        {children}
      </div>
      <button
        type="button"
        onClick={() => scroll(1)}
        aria-label={`Scroll ${label} right`}
        className="absolute -right-3 top-1/3 z-10 hidden h-10 w-10 place-items-center rounded-full bg-white text-xl shadow-md ring-1 ring-slate-200 hover:bg-slate-50 md:grid"
      >
        <span aria-hidden="true">›</span>
      </button>
    </div>
  );
}
