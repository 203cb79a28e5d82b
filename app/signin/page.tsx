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
      <Suspense fallback={<SignInForm defaultEmail="" defaultPassword="" />}>
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
