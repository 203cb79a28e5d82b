import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { DEMO_GUEST } from "@/lib/accounts/demo-accounts";
import { readConfig } from "@/lib/server/platform/config";
import { RETURN_PARAM } from "@/lib/accounts/return-path";
import { SHOPPER_SIGN_IN } from "@/lib/accounts/session-cookie";
import { AuthCard } from "@/components/account/auth-card";
import { SignInForm, SignInFormSkeleton } from "@/components/account/sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// A visitor already signed in never sees this page (proxy.ts sends them to /), except an admin
// sent here by a cart or wishlist button to sign in with a shopper account (signInHref in lib/accounts/return-path.ts).
export default function SignInPage({ searchParams }: Props) {
  return (
    <AuthCard title="Sign In">
      {/* Not the form itself as the fallback: what a visitor typed there would be replaced when the
          real form arrives. The skeleton comes from the form's own module, so the form's script is
          part of the page's static shell: when it cannot load (a deploy replaced it, the network
          dropped it), the error page says 'Loading chunk {id} failed', as on the other pages,
          instead of this fallback staying on screen for good. */}
      <Suspense fallback={<SignInFormSkeleton />}>
        <PrefilledSignInForm searchParams={searchParams} />
      </Suspense>
    </AuthCard>
  );
}

/**
 * The demo guest is prefilled where demo accounts exist (development, tests, STORE_DEMO=1; not
 * with DEMO_ACCOUNTS=0), decided when the page is served, not when it was built: a production
 * build never shows them.
 */
async function PrefilledSignInForm({ searchParams }: Props) {
  await connection();
  const prefill = readConfig().demoAccounts ? DEMO_GUEST : { email: "", password: "" };
  const params = await searchParams;
  const forShopper = params[SHOPPER_SIGN_IN.param] === SHOPPER_SIGN_IN.value;
  // The form follows it only when it is a path on this site (lib/accounts/return-path.ts).
  const returnTo = typeof params[RETURN_PARAM] === "string" ? params[RETURN_PARAM] : null;
  return (
    <>
      {forShopper && (
        <p role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Carts and wishlists belong to shopper accounts. Sign in with a shopper account to use them; this ends your current session.
        </p>
      )}
      <SignInForm defaultEmail={prefill.email} defaultPassword={prefill.password} returnTo={returnTo} />
    </>
  );
}
