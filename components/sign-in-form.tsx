"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { toast } from "@/components/toast";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./account/form-styles";
import { PasswordField } from "./account/password-field";
import { TextField } from "./account/text-field";
import { signInStateChanged, USER_DETAILS_KEY } from "./use-current-user";
import { WISHLIST_COUNT_KEY } from "./use-shop-lists";
import { useApiAction } from "./use-api-action";

const FORM_ID = "sign-in-form";

/**
 * Fills the form with the demo guest's account once it arrives (app/signin/page.tsx streams it
 * in), unless the visitor has typed in it meanwhile: what they typed is never replaced.
 */
export function SignInPrefill({ email, password }: { email: string; password: string }) {
  useEffect(() => {
    const form = document.getElementById(FORM_ID);
    if (!(form instanceof HTMLFormElement)) return;
    const fields = [form.elements.namedItem("email"), form.elements.namedItem("password")];
    if (!fields.every((field) => field instanceof HTMLInputElement && field.value === "")) return;
    (fields[0] as HTMLInputElement).value = email;
    (fields[1] as HTMLInputElement).value = password;
  }, [email, password]);
  return null;
}

/** `children`: rendered inside the form (the prefill, when the page has one). */
export function SignInForm({ children }: { children?: React.ReactNode }) {
  const router = useRouter();
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      const answer = await postJson("/api/signin", { email: form.get("email"), password: form.get("password") });
      toast.success(answer.message);
      signInStateChanged();
      // docs/PRODUCT.md §4.1: sign-in refreshes the user and the wishlist count, then goes to /.
      await Promise.all([mutate(USER_DETAILS_KEY), mutate(WISHLIST_COUNT_KEY)]);
      router.push("/");
      router.refresh();
    });
  }

  return (
    <form id={FORM_ID} onSubmit={onSubmit} className="space-y-4">
      {children}
      {/* Focused on arrival: the sign-in page is where sign-up and a password reset lead. */}
      <TextField id="email" name="email" label="Email" type="email" autoComplete="email" required autoFocus />
      <div className="space-y-1">
        <PasswordField id="password" name="password" label="Password" autoComplete="current-password" required />
        <Link href="/forgot-password" className={`block text-right text-sm ${LINK_CLASS}`}>
          Forgot password?
        </Link>
      </div>
      <button type="submit" disabled={pending} className={PRIMARY_BUTTON_CLASS}>
        {pending ? "Signing in…" : "Sign In"}
      </button>
      <p className="text-center text-sm text-slate-600">
        Don&apos;t have an account?{" "}
        <Link href="/signup" className={LINK_CLASS}>
          Sign up
        </Link>
      </p>
    </form>
  );
}
