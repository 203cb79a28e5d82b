"use client";

import { usePathname } from "next/navigation";
import { useEffect } from "react";

/** docs/PRODUCT.md §2.1: the page scrolls to top on every path change. */
export function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
