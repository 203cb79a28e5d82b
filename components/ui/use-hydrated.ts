"use client";

import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server and while the page hydrates, true after. The user panel's prerendered HTML
 * cannot know the visitor, so until then its pages show their loading skeleton (never "empty" or
 * "signed out", which would flash and move what follows).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
