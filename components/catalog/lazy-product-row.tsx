"use client";

import { useEffect, useRef, useState } from "react";
import useSWR from "swr";
import type { ApiAnswer } from "@/lib/api-client";
import { HOME_ROW_LIMIT } from "@/lib/constants";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { ProductRowCards, ProductRowFrame, ProductRowSkeletonCards } from "./product-row";

type RowAnswer = ApiAnswer<undefined> & { product: PublicProduct[] };

/** How far below the viewport a row starts loading, so it is ready when scrolled to. */
const LOAD_AHEAD = "400px 0px";

/**
 * A home row below the fold (docs/PRODUCT.md §2.2): its heading is server-rendered, its cards load from the
 * cached category endpoint once the row nears the viewport, with the spec's 13 skeleton cards
 * meanwhile. Keeps the home page's HTML, DOM and hydration small (Lighthouse mobile).
 */
export function LazyProductRow({ category, heading }: { category: string; heading: string }) {
  const anchor = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = anchor.current;
    if (!element || typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const path = `/api/get-category-wise-product/${encodeURIComponent(category)}?limit=${HOME_ROW_LIMIT}`;
  const { data, error, isLoading, mutate } = useSWR<RowAnswer>(near ? path : null);
  const failed = !data && error && !isLoading;

  return (
    <ProductRowFrame ref={anchor} id={`row-${category}`} heading={heading} busy={!data && !failed}>
      {data ? (
        <ProductRowCards heading={heading} products={data.product} />
      ) : failed ? (
        <p className="text-sm text-slate-600">
          These products could not be loaded.{" "}
          <button type="button" onClick={() => mutate()} className="font-medium text-brand-700 underline">
            Try again
          </button>
        </p>
      ) : (
        <ProductRowSkeletonCards />
      )}
    </ProductRowFrame>
  );
}
