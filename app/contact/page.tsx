import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { IntentLink } from "@/components/layout/intent-link";
import { RETURN_WINDOW_DAYS } from "@/lib/constants";
import { RETURNS_POLICY_PATH } from "@/lib/orders/returns-policy";
import { readConfig } from "@/lib/server/platform/config";

export const metadata: Metadata = {
  title: "Contact us",
  description: "Write to Volt Electronics' support: orders, returns and refunds.",
  alternates: { canonical: "/contact" },
};

// The footer's "Contact us": the store's support address from configuration (SUPPORT_EMAIL), read
// when the page is served (so the deployment's value, not the build's), and where returns start.
export default function ContactPage() {
  return (
    <article aria-labelledby="contact-heading" className="mx-auto max-w-2xl space-y-4 px-4 py-12">
      <h1 id="contact-heading" className="text-2xl font-semibold">
        Contact us
      </h1>
      <p className="text-slate-700">Questions about an order, a return or a refund? Write to us and we answer within one business day.</p>
      <Suspense fallback={<p className="h-6 w-64 animate-pulse rounded bg-slate-200" aria-hidden="true" />}>
        <SupportEmail />
      </Suspense>
      <p className="text-slate-700">
        To return a product within {RETURN_WINDOW_DAYS} days of its delivery, open the order in My Orders and choose <strong>Request a return</strong>: we pick it up free from
        your delivery address.
      </p>
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <IntentLink href="/user-panel/my-orders" className="font-medium text-brand-700 hover:underline">
          Go to My Orders
        </IntentLink>
        <IntentLink href={RETURNS_POLICY_PATH} className="font-medium text-brand-700 hover:underline">
          Read the returns policy
        </IntentLink>
      </p>
    </article>
  );
}

async function SupportEmail() {
  await connection();
  const email = readConfig().supportEmail;
  return (
    <p className="text-lg">
      Email:{" "}
      <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline" data-testid="support-email">
        {email}
      </a>
    </p>
  );
}
