"use client";

import { useSyncExternalStore } from "react";
import useSWR from "swr";
import { ApiError, fetchJson } from "@/lib/api-client";
import { SIGNED_IN_HINT_COOKIE } from "@/lib/accounts/session-cookie";
import type { PublicUser } from "@/lib/server/accounts/users";

export const USER_DETAILS_KEY = "/api/user-details";

const hasHint = () => document.cookie.split("; ").some((part) => part.startsWith(`${SIGNED_IN_HINT_COOKIE}=1`));
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Call after signing in or out: the hint cookie changed. */
export function signInStateChanged(): void {
  for (const listener of listeners) listener();
}

async function fetchUser(path: string): Promise<PublicUser | null> {
  try {
    return (await fetchJson<PublicUser>(path)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      // The session is gone (expired, revoked): drop the stale hint too.
      document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/`;
      signInStateChanged();
      return null;
    }
    throw error;
  }
}

/**
 * docs/PRODUCT.md §3.1: the user held app-wide, null when signed out. Anonymous visitors (no sign-in hint
 * cookie) are not asked about at all; the server still decides everything from the session.
 */
export function useCurrentUser() {
  const signedIn = useSyncExternalStore(subscribe, hasHint, () => false);
  const { data, isLoading, mutate } = useSWR<PublicUser | null>(signedIn ? USER_DETAILS_KEY : null, fetchUser);
  return { user: signedIn ? (data ?? null) : null, isLoading: signedIn && isLoading, refresh: () => mutate() };
}
