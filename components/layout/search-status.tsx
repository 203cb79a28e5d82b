"use client";

import { useSyncExternalStore } from "react";

// Whether a search typed in a search box is on its way: the boxes (header and search page) report
// it, the results show the spinner meanwhile (docs/PRODUCT.md §2.7). A store, since the header's box and the
// page's results are in different trees.
let pending = false;
const listeners = new Set<() => void>();

export function setSearchPending(value: boolean): void {
  if (pending === value) return;
  pending = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useSearchPending(): boolean {
  return useSyncExternalStore(subscribe, () => pending, () => false);
}

/** The results, or the spinner while a new search loads. */
export function SearchResultsFrame({ children }: { children: React.ReactNode }) {
  const loading = useSearchPending();
  return loading ? <SearchSpinner /> : children;
}

function SearchSpinner() {
  return (
    // As tall as the results will be, so they replace it without moving the page (CLS).
    <div role="status" className="grid min-h-screen place-items-start justify-center py-16" data-testid="search-spinner">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Loading search results…</span>
    </div>
  );
}
