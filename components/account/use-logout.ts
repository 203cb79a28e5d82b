"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/toast";
import { fetchJson } from "@/lib/api-client";
import { signInStateChanged, useCurrentUser } from "../use-current-user";
import { apiErrorMessage } from "../use-api-action";

/** SPEC 4 and 8: sign-out shows the message, clears the user and goes to /; an error shows the server message. */
export function useLogout(): () => Promise<void> {
  const { refresh } = useCurrentUser();
  const router = useRouter();
  return async function logout() {
    try {
      const answer = await fetchJson<unknown>("/api/logout");
      toast.success(answer.message);
      signInStateChanged();
      await refresh();
      router.push("/");
      router.refresh();
    } catch (error) {
      toast.error(apiErrorMessage(error));
    }
  };
}
