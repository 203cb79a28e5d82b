"use client";

import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { postJson } from "@/lib/api-client";
import { signInStateChanged, useCurrentUser } from "./use-current-user";
import { apiErrorMessage } from "../ui/use-api-action";

/** docs/PRODUCT.md §4.1 and §8.1: sign-out shows the message, clears the user and goes to /; an error shows the server message. */
export function useLogout(): () => Promise<void> {
  const { refresh } = useCurrentUser();
  const router = useRouter();
  return async function logout() {
    try {
      const answer = await postJson<unknown>("/api/logout", {});
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
