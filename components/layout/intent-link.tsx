"use client";

import Link from "next/link";
import { useState } from "react";
import { LinkPendingReporter, pendingKind } from "./navigation-pending";

type Props = Omit<React.ComponentProps<typeof Link>, "prefetch">;

/**
 * A <Link> that prefetches its page when the shopper shows intent (pointer over it, a touch, or
 * keyboard focus) instead of as soon as it scrolls into view. A home page shows dozens of product
 * and category links; prefetching all of them on load costs the phone's main thread and the
 * server far more than the one page the shopper then opens (docs/ARCHITECTURE.md, "Page speed").
 */
export function IntentLink({ onPointerEnter, onTouchStart, onFocus, children, ...props }: Props) {
  const [intent, setIntent] = useState(false);
  const kind = pendingKind(props.href);
  return (
    <Link
      {...props}
      prefetch={intent ? true : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    >
      {children}
      {/* A page with a loading state of its own shows it while this link's navigation waits (navigation-pending.tsx). */}
      {kind && <LinkPendingReporter kind={kind} />}
    </Link>
  );
}
