import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { ConfirmAddressForm } from "@/components/account/confirm-address-form";

export const metadata: Metadata = { title: "Confirm your email", robots: { index: false } };

/** Where the confirmation link mailed at sign-up lands (its token is in the fragment). */
export default function ConfirmAddressPage() {
  return (
    <AuthCard title="Confirm your email">
      <ConfirmAddressForm />
    </AuthCard>
  );
}
