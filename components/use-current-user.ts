"use client";

import useSWR from "swr";
import { ApiError, fetchJson } from "@/lib/api-client";
import type { PublicUser } from "@/lib/server/users";

export const USER_DETAILS_KEY = "/api/user-details";

async function fetchUser(path: string): Promise<PublicUser | null> {
  try {
    return (await fetchJson<PublicUser>(path)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** SPEC 3: the user held app-wide, null when signed out. */
export function useCurrentUser() {
  const { data, isLoading, mutate } = useSWR<PublicUser | null>(USER_DETAILS_KEY, fetchUser);
  return { user: data ?? null, isLoading, refresh: () => mutate() };
}
