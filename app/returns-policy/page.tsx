import type { Metadata } from "next";
import { IntentLink } from "@/components/layout/intent-link";
import { RETURN_WINDOW_DAYS } from "@/lib/constants";
import { returnsPolicyText } from "@/lib/orders/returns-policy";

export const metadata: Metadata = {
  title: "Returns policy",
  description: `Return a product within ${RETURN_WINDOW_DAYS} days of delivery for a refund.`,
  alternates: { canonical: "/returns-policy" },
};

// The store's returns policy, from lib/constants.ts (linked from the footer and every product page).
export default function ReturnsPolicyPage() {
  return (
    <article aria-labelledby="returns-heading" className="mx-auto max-w-2xl space-y-4 px-4 py-12">
      <h1 id="returns-heading" className="text-2xl font-semibold">
        Returns policy
      </h1>
      {returnsPolicyText().map((paragraph) => (
        <p key={paragraph} className="text-slate-700">
          {paragraph}
        </p>
      ))}
      <p>
        <IntentLink href="/user-panel/my-orders" className="font-medium text-brand-700 hover:underline">
          Go to My Orders
        </IntentLink>
      </p>
    </article>
  );
}
