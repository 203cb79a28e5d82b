"use client";

import { Toaster } from "sonner";
import { SWRConfig } from "swr";
import { TOAST_DURATION_MS } from "@/lib/constants";
import { fetchJson } from "@/lib/api-client";
import { ShopListsProvider } from "./use-shop-lists";

/** App-wide client context: SWR's fetcher and the spec's toasts (top-center, 5000 ms). */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <SWRConfig value={{ fetcher: fetchJson, revalidateOnFocus: false }}>
      <ShopListsProvider>{children}</ShopListsProvider>
      <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
    </SWRConfig>
  );
}
