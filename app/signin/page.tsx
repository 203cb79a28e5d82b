import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { DEMO_GUEST } from "@/lib/demo-accounts";
import { readConfig } from "@/lib/server/config";
import { SHOPPER_SIGN_IN } from "@/lib/session-cookie";
import { AuthCard } from "@/components/account/auth-card";
import { SignInForm } from "@/components/sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// A visitor already signed in never sees this page (proxy.ts sends them to /), except an admin
// sent here by a cart or wishlist button to sign in with a shopper account (SHOPPER_SIGN_IN_PATH).
export default function SignInPage({ searchParams }: Props) {
  return (
    <AuthCard title="Sign In">
      {/* Not the form itself as the fallback: what a visitor typed there would be replaced when the
          real form arrives. */}
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
  const forShopper = (await searchParams)[SHOPPER_SIGN_IN.param] === SHOPPER_SIGN_IN.value;
  return (
    <>
      {forShopper && (
        <p role="note" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
          Carts and wishlists belong to shopper accounts. Sign in with a shopper account to use them; this ends your current session.
        </p>
      )}
      <SignInForm defaultEmail={prefill.email} defaultPassword={prefill.password} />
    </>
  );
}

/** The sign-in form's shape while it is on its way (two fields, the button). */
function SignInFormSkeleton() {
  return (
    <div className="space-y-4" aria-busy="true" aria-label="Loading the sign-in form">
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
