import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { DEMO_GUEST } from "@/lib/demo-accounts";
import { readConfig } from "@/lib/server/config";
import { AuthCard } from "@/components/account/auth-card";
import { SignInForm } from "@/components/sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

// A visitor already signed in never sees this page: proxy.ts sends them to /.
export default function SignInPage() {
  return (
    <AuthCard title="Sign In">
      {/* Not the form itself as the fallback: what a visitor typed there would be replaced when the
          real form arrives. */}
      <Suspense fallback={<SignInFormSkeleton />}>
        <PrefilledSignInForm />
      </Suspense>
    </AuthCard>
  );
}

/**
 * The demo guest is prefilled where demo accounts exist (development, tests, STORE_DEMO=1; not
 * with DEMO_ACCOUNTS=0), decided when the page is served, not when it was built: a production
 * build never shows them.
 */
async function PrefilledSignInForm() {
  await connection();
  const prefill = readConfig().demoAccounts ? DEMO_GUEST : { email: "", password: "" };
  return <SignInForm defaultEmail={prefill.email} defaultPassword={prefill.password} />;
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
