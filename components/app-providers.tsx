"use client";

import { Toaster } from "sonner";
import { SWRConfig } from "swr";
import { TOAST_DURATION_MS } from "@/lib/constants";
import { fetchJson } from "@/lib/api-client";

/** App-wide client context: SWR's fetcher and the spec's toasts (top-center, 5000 ms). */
export function AppProviders({ children }: { children: React.ReactNode }) {
  return (
    <SWRConfig value={{ fetcher: fetchJson, revalidateOnFocus: false }}>
      {children}
      <Toaster position="top-center" duration={TOAST_DURATION_MS} richColors closeButton />
    </SWRConfig>
  );
}
