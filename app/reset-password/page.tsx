import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { ResetPasswordForm } from "@/components/account/reset-password-form";

export const metadata: Metadata = { title: "Reset password", robots: { index: false } };

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Reset Password">
      <ResetPasswordForm />
    </AuthCard>
  );
}
