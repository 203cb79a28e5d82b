"use client";

import { useLinkStatus } from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { ProductPageSkeleton } from "../catalog/product-page-skeleton";

// A loading state for navigations to a product page. The product page is static and arrives whole
// (app/product/[id]/page.tsx: no <Suspense> and no loading.tsx, so that its prerendered HTML is
// complete and nothing is revealed late), which leaves a click on a product link with nothing to
// show until the page arrives when its prefetch has not finished (a slow network, a tap right
// after the touch that began the prefetch). So the link itself reports that it is pending
// (Next's useLinkStatus, inside IntentLink) and, once the wait has lasted SKELETON_DELAY_MS, the
// main area shows the product page's skeleton, focused, until the link stops waiting (the history
// changes, or the navigation is dropped: then the page and the scroll position come back).

type Kind = "product";
/** One wait: a new object each time a navigation starts waiting. */
type Wait = { kind: Kind };

let pending: Wait | null = null;
/** Links reporting a wait (a quick second click starts the next before the first one ends). */
let waitingLinks = 0;
const listeners = new Set<() => void>();

function report(kind: Kind, delta: 1 | -1): void {
  const before = waitingLinks > 0;
  waitingLinks += delta;
  if (before === waitingLinks > 0) return;
  pending = waitingLinks > 0 ? { kind } : null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Which kind of page a link's address leads to, when it has a loading state of its own. */
export function pendingKind(href: unknown): Kind | null {
  const path = typeof href === "string" ? href : typeof href === "object" && href !== null && "pathname" in href ? String(href.pathname) : "";
  return /^\/product\/[^/?#]+/.test(path) ? "product" : null;
}

/** Inside a <Link>: reports while a navigation it began waits for its page. */
export function LinkPendingReporter({ kind }: { kind: Kind }) {
  const { pending: waiting } = useLinkStatus();
  useEffect(() => {
    if (!waiting) return;
    report(kind, 1);
    return () => report(kind, -1);
  }, [waiting, kind]);
  return null;
}

/**
 * A navigation still waiting after this long shows the skeleton. A prefetched page still takes a
 * frame or three to render (about 50 ms here) while its link reports pending: sooner, every such
 * navigation would flash the skeleton; this is still below what reads as a delay.
 */
export const SKELETON_DELAY_MS = 100;

/** The main area: the page, or the skeleton of the page a pending navigation leads to. */
export function PendingPage({ children }: { children: React.ReactNode }) {
  const wait = useSyncExternalStore(subscribe, () => pending, () => null);
  // The wait whose skeleton is on show: set once it has lasted SKELETON_DELAY_MS.
  const [shown, setShown] = useState<Wait | null>(null);
  useEffect(() => {
    if (!wait) return;
    const from = { path: window.location.pathname, scroll: window.scrollY };
    let showing = false;
    const timer = setTimeout(() => {
      showing = true;
      setShown(wait);
      window.scrollTo({ top: 0 });
    }, SKELETON_DELAY_MS);
    return () => {
      clearTimeout(timer);
      // A navigation that was dropped leaves the shopper where they were.
      if (showing && window.location.pathname === from.path) requestAnimationFrame(() => window.scrollTo({ top: from.scroll }));
    };
  }, [wait]);
  const kind = wait && shown === wait ? wait.kind : null;
  return (
    <>
      {kind === "product" && <ProductPageSkeleton focus />}
      <div className={kind ? "hidden" : "contents"}>{children}</div>
    </>
  );
}
