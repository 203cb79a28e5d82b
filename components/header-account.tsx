"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ApiError, fetchJson } from "@/lib/api-client";
import { useCurrentUser } from "./use-current-user";

/** The header's per-user part: a client leaf, so the pages around it stay cacheable. */
export function HeaderAccount() {
  const { user, isLoading, refresh } = useCurrentUser();
  const router = useRouter();

  async function logout() {
    try {
      const answer = await fetchJson<unknown>("/api/logout");
      toast.success(answer.message);
      await refresh();
      router.push("/");
      router.refresh();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : "An unexpected error occurred");
    }
  }

  if (isLoading) return <div className="h-9 w-24 animate-pulse rounded-full bg-slate-200" aria-hidden="true" />;

  return (
    <div className="flex items-center gap-3">
      {user ? (
        <>
          <span className="hidden text-sm text-slate-600 sm:inline" data-testid="header-user-name">
            {user.name}
          </span>
          <button
            type="button"
            onClick={logout}
            className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700"
          >
            Logout
          </button>
        </>
      ) : (
        <Link href="/signin" className="rounded-full bg-brand-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-brand-700">
          Sign In
        </Link>
      )}
    </div>
  );
}
