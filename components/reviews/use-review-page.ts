"use client";

import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import type { ReviewPage, ReviewSort } from "@/lib/reviews/reviews";

const reviewPagesPrefix = (productId: string) => `/api/product-reviews?productId=${encodeURIComponent(productId)}&`;

export const reviewPageKey = (productId: string, sort: ReviewSort = "newest", page = 1) => `${reviewPagesPrefix(productId)}sort=${sort}&page=${page}`;

/** Every page of a product's reviews this browser holds: what a write or delete asks for again (SWR's mutate filter). */
export const isReviewPageOf = (productId: string) => (key: unknown) => typeof key === "string" && key.startsWith(reviewPagesPrefix(productId));

const fetchPage = async (key: string) => (await fetchJson<ReviewPage>(key)).data;

/**
 * One page of a product's reviews with its summary. The first page of the newest comes with the
 * cached page (`initial`) and is not asked again for visitors until a review changes here
 * (mutate(reviewPageKey(id)) after a write or delete): the page's own cached render may lag a change
 * by a request, and helpful votes do not refresh it at all (they are not catalogue changes).
 */
export function useReviewPage(productId: string, initial: ReviewPage, sort: ReviewSort = "newest", page = 1) {
  const first = sort === "newest" && page === 1;
  return useSWR(reviewPageKey(productId, sort, page), fetchPage, {
    fallbackData: first ? initial : undefined,
    revalidateOnMount: !first,
    revalidateIfStale: !first,
    revalidateOnFocus: false,
    keepPreviousData: true,
  });
}
