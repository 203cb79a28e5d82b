import type { Metadata } from "next";
import { DEMO_GUEST } from "@/lib/demo-accounts";
import { AuthCard } from "@/components/account/auth-card";
import { SignInForm } from "@/components/sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

// A visitor already signed in never sees this page: proxy.ts sends them to /.
export default function SignInPage() {
  const prefill = process.env.DEMO_ACCOUNTS === "0" ? { email: "", password: "" } : DEMO_GUEST;
  return (
    <AuthCard title="Sign In">
      <SignInForm defaultEmail={prefill.email} defaultPassword={prefill.password} />
    </AuthCard>
  );
}
