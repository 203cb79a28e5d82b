"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { getResetEmail } from "./reset-email";

const noSubscription = () => () => {};
/** On the server and while hydrating the email is not known yet. */
const unknownOnServer = () => undefined;

/**
 * The email of the reset in progress, for /verify-otp and /reset-password. Without one (opened
 * directly, another tab) the shopper is sent to /forgot-password. `leave()` marks a deliberate
 * exit, so clearing the email on the way out does not trigger that redirect.
 */
export function useResetEmail(): { email: string | null | undefined; leave: () => void } {
  const router = useRouter();
  const email = useSyncExternalStore(noSubscription, getResetEmail, unknownOnServer);
  const leaving = useRef(false);

  useEffect(() => {
    if (email === null && !leaving.current) router.replace("/forgot-password");
  }, [email, router]);

  return {
    email,
    leave: () => {
      leaving.current = true;
    },
  };
}
