import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { VerifyOtpForm } from "@/components/account/verify-otp-form";

export const metadata: Metadata = { title: "Verify code", robots: { index: false } };

export default function VerifyOtpPage() {
  return (
    <AuthCard title="Verify OTP">
      <VerifyOtpForm />
    </AuthCard>
  );
}
