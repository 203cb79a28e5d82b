import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { SignUpForm } from "@/components/account/sign-up-form";

export const metadata: Metadata = { title: "Sign up", robots: { index: false } };

export default function SignUpPage() {
  return (
    <AuthCard title="Sign Up">
      <SignUpForm />
    </AuthCard>
  );
}
