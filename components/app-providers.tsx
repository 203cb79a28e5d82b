"use client";

import { SWRConfig } from "swr";
import { fetchJson } from "@/lib/api-client";
import { LazyToaster } from "./ui/toast";
import { ShopListsProvider } from "./cart/use-shop-lists";

/** App-wide client context: SWR's fetcher and the spec's toasts (top-center, 5000 ms; sonner loads lazily, see toast.tsx). */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <SWRConfig value={{ fetcher: fetchJson, revalidateOnFocus: false }}>
      <ShopListsProvider>{children}</ShopListsProvider>
      <LazyToaster />
    </SWRConfig>
  );
}
