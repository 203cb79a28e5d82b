"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { mutate } from "swr";
import { postJson } from "@/lib/api-client";
import { safeReturnPath } from "@/lib/accounts/return-path";
import { LINK_CLASS, PRIMARY_BUTTON_CLASS } from "./form-styles";
import { PasswordField } from "./password-field";
import { TextField } from "./text-field";
import { signInStateChanged, USER_DETAILS_KEY } from "./use-current-user";
import { WISHLIST_COUNT_KEY } from "../cart/use-shop-lists";
import { useApiAction } from "../ui/use-api-action";

/**
 * `returnTo`: the page that sent the visitor here (`/signin?next=…`), where a successful sign-in
 * goes instead of `/`; only a path on this site is followed (lib/accounts/return-path.ts).
 */
export function SignInForm({ defaultEmail, defaultPassword, returnTo }: { defaultEmail: string; defaultPassword: string; returnTo?: string | null }) {
  const router = useRouter();
  const destination = safeReturnPath(returnTo) ?? "/";
  const { pending, run } = useApiAction();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      const answer = await postJson("/api/signin", { email: form.get("email"), password: form.get("password") });
      toast.success(answer.message);
      signInStateChanged();
      // docs/PRODUCT.md §4.1: sign-in refreshes the user and the wishlist count, then goes to /
      // (or back to the page that asked the visitor to sign in).
      await Promise.all([mutate(USER_DETAILS_KEY), mutate(WISHLIST_COUNT_KEY)]);
      // No refresh after the push: it could refresh /signin first, which, signed in now, sends the
      // visitor home instead (a slow destination such as /checkout lost that race). The push
      // renders the destination afresh with the new session (dynamic pages are never kept).
      router.push(destination);
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {/* Focused on arrival: the sign-in page is where sign-up and a password reset lead. */}
      <TextField id="email" name="email" label="Email" type="email" autoComplete="email" required defaultValue={defaultEmail} autoFocus />
      <div className="space-y-1">
        <PasswordField id="password" name="password" label="Password" autoComplete="current-password" required defaultValue={defaultPassword} />
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

/**
 * The sign-in form's shape while it is on its way (two fields, the button). In this module, not
 * the page's: the page's static shell then needs this module's script (app/signin/page.tsx).
 */
export function SignInFormSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-busy="true" aria-label="Loading the sign-in form">
      {[0, 1].map((field) => (
        <div key={field} className="space-y-1">
          <div className="h-4 w-20 animate-pulse rounded bg-slate-200" />
          <div className="h-10 animate-pulse rounded-lg bg-slate-100" />
        </div>
      ))}
      <div className="h-11 animate-pulse rounded-full bg-slate-200" />
    </div>
  );
}
