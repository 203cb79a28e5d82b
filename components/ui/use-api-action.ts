"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api-client";
import { signInHref } from "@/lib/accounts/return-path";

/** docs/PRODUCT.md §8.1: the server's message for an error answer, else 'An unexpected error occurred'. */
export function apiErrorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "An unexpected error occurred";
}

export type ApiActionOptions = {
  signInOnAuthError?: boolean;
  returnTo?: string;
  /** With `signInOnAuthError`: the toast for a 403 (an ADMIN's session) instead of 'Please log in first.'. */
  shopperOnlyMessage?: string;
  /** After a 409's toast: what the page showed was stale (e.g. the product sold out meanwhile). */
  onConflict?: () => void;
  /** No toast for a failure: the caller's form or dialog says it, once (the admin's forms). */
  quiet?: boolean;
};

/**
 * Runs one API action at a time (a double click or a double submit sends once), with `pending`
 * for the button, and shows the failure as a toast. With `signInOnAuthError` (hearts and cart
 * buttons, docs/PRODUCT.md §8.1) a 401/403 goes to /signin with 'Please log in first.': a 403 is
 * an ADMIN's session, sent to sign in with a shopper account (signInHref({ shopper: true })). With
 * `returnTo` (a path on this site) the sign-in page comes back there afterwards.
 */
export function useApiAction({ signInOnAuthError = false, returnTo, shopperOnlyMessage, onConflict, quiet = false }: ApiActionOptions = {}): { pending: boolean; run: (action: () => Promise<void>) => Promise<void> } {
  const router = useRouter();
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>) {
    if (pending) return;
    setPending(true);
    try {
      await action();
    } catch (error) {
      if (signInOnAuthError && error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast.error(error.status === 403 && shopperOnlyMessage ? shopperOnlyMessage : "Please log in first.");
        router.push(signInHref({ returnTo, shopper: error.status === 403 }));
      } else {
        if (!quiet) toast.error(apiErrorMessage(error));
        if (onConflict && error instanceof ApiError && error.status === 409) onConflict();
      }
    } finally {
      setPending(false);
    }
  }

  return { pending, run };
}

/**
 * A form's refusal, said once (the admin's forms): each message of a field the form shows goes
 * under that field (`fields`); the answer's message goes above the buttons (`message`) only when
 * it is not already one of those, i.e. when it is about the whole form, or about something the form
 * has no field for.
 */
export function formRefusal(error: unknown, shows: (field: string) => boolean): { fields: Record<string, string>; message: string } {
  const all = error instanceof ApiError ? error.fields : {};
  const fields = Object.fromEntries(Object.entries(all).filter(([name]) => shows(name)));
  const message = apiErrorMessage(error);
  return { fields, message: Object.values(fields).includes(message) ? "" : message };
}
