"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";

/**
 * SPEC 8 for the hearts and cart buttons: 401/403 → /signin with 'Please log in first.'; an
 * error answer → its message; anything else → 'An unexpected error occurred'. One action at a
 * time (a double click does not send twice).
 */
export function useShopAction(): { pending: boolean; run: (action: () => Promise<void>) => Promise<void> } {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>) {
    if (pending) return;
    setPending(true);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast.error("Please log in first.");
        router.push("/signin");
      } else {
        toast.error(error instanceof ApiError ? error.message : "An unexpected error occurred");
      }
    } finally {
      setPending(false);
    }
  }

  return { pending, run };
}
