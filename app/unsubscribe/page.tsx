import type { Metadata } from "next";
import { AuthCard } from "@/components/account/auth-card";
import { UnsubscribeForm } from "@/components/account/unsubscribe-form";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

/**
 * Where a GET of a mail's unsubscribe link lands (/api/unsubscribe?t=… redirects here): a mail
 * scanner that opens the link changes nothing; the reader's button makes the one-click POST.
 */
export default function UnsubscribePage() {
  return (
    <AuthCard title="Unsubscribe">
      <UnsubscribeForm />
    </AuthCard>
  );
}
