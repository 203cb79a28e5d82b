"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { categoryLabel } from "@/lib/catalog/categories";
import { COMPARE_MAX, compareHref } from "@/lib/catalog/compare";
import { clearCompare, removeFromCompare, useCompareList } from "./use-compare-list";

/**
 * The compare list at the bottom of every shop page while it holds a product: the chosen names
 * (each removable), Clear, and "Compare (N)" to /compare (from 2 products). Sticky at the end of
 * the page rather than fixed: it stays at the bottom of the screen while the page scrolls, and
 * the room it takes after the footer keeps the page's last lines from hiding under it. Not in the
 * admin's panel, nor on the compare page itself (which has its own remove buttons).
 */
export function CompareBar() {
  const list = useCompareList();
  const pathname = usePathname();
  const hintId = useId();
  if (list.length === 0 || pathname.startsWith("/admin-panel") || pathname === "/compare") return null;
  const category = categoryLabel(list[0]!.category);
  return (
    <section aria-label="Compare products" className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur print:hidden" data-testid="compare-bar">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2 sm:flex-nowrap">
        <p className="shrink-0 text-sm font-semibold text-slate-800">
          {category} <span className="font-normal text-slate-600">({list.length} of {COMPARE_MAX})</span>
        </p>
        <ul className="no-scrollbar order-last flex w-full min-w-0 gap-2 overflow-x-auto sm:order-none sm:w-auto sm:flex-1">
          {list.map((item) => (
            <li key={item.id} className="flex shrink-0 items-center gap-1 rounded-full bg-slate-100 py-0.5 pl-3 pr-0.5 text-sm text-slate-800">
              <span className="max-w-[11rem] truncate">{item.name}</span>
              <button
                type="button"
                onClick={() => removeFromCompare(item.id)}
                aria-label={`Remove ${item.name} from compare`}
                className="grid h-7 w-7 place-items-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-slate-900"
              >
                <svg viewBox="0 0 16 16" aria-hidden="true" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                  <path d="M4 4l8 8M12 4l-8 8" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
        {list.length < 2 && (
          // On a phone its own line under the names; beside them on a wider screen.
          <p id={hintId} className="order-last w-full text-xs text-slate-600 sm:order-none sm:w-auto sm:shrink-0">
            Choose one more to compare
          </p>
        )}
        <div className="ml-auto flex shrink-0 items-center gap-2">
          <button type="button" onClick={clearCompare} className="rounded-full px-3 py-2 text-sm font-medium text-slate-700 underline-offset-2 hover:underline">
            Clear
          </button>
          {list.length >= 2 ? (
            <Link href={compareHref(list.map((item) => item.id))} className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Compare ({list.length})
            </Link>
          ) : (
            <>
              <button type="button" disabled aria-describedby={hintId} className="cursor-not-allowed rounded-full bg-slate-200 px-5 py-2 text-sm font-semibold text-slate-600">
                Compare ({list.length})
              </button>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
