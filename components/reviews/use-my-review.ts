"use client";

import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import type { MyReviewStatus } from "@/lib/reviews/reviews";
import { useCurrentUser } from "../account/use-current-user";

export const myReviewKey = (productId: string) => `/api/my-review?productId=${encodeURIComponent(productId)}`;

/**
 * The signed-in shopper's side of a product's reviews (GET /api/my-review): their own review, whether
 * they may write one, their helpful votes. Never asked for anonymous visitors or admins.
 */
export function useMyReview(productId: string) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const shopper = user?.role === "USER";
  const { data, isLoading, error, mutate } = useSWR(shopper ? myReviewKey(productId) : null, async (key: string) => (await fetchJson<MyReviewStatus>(key)).data);
  return { user, status: data ?? null, loading: userLoading || (shopper && isLoading), failed: Boolean(error), refresh: () => mutate() };
}
