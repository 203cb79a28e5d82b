import type { Metadata } from "next";
import { DEMO_GUEST } from "@/lib/demo-accounts";
import { SignInForm } from "@/components/sign-in-form";

export const metadata: Metadata = { title: "Sign in", robots: { index: false } };

export default function SignInPage() {
  const prefill = process.env.DEMO_ACCOUNTS === "0" ? { email: "", password: "" } : DEMO_GUEST;
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <div className="rounded-2xl bg-white p-6 shadow-sm sm:p-8">
        <h1 className="mb-6 text-center text-2xl font-semibold">Sign In</h1>
        <SignInForm defaultEmail={prefill.email} defaultPassword={prefill.password} />
      </div>
    </section>
  );
}
