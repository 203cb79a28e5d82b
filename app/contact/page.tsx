import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { IntentLink } from "@/components/layout/intent-link";
import { RETURN_WINDOW_DAYS } from "@/lib/constants";
import { RETURNS_POLICY_PATH } from "@/lib/orders/returns-policy";
import { readConfig } from "@/lib/server/platform/config";
import { readSeller } from "@/lib/server/billing/seller";
import { indiaStateName } from "@/lib/shared/india";

export const metadata: Metadata = {
  title: "Contact and grievances",
  description: "Write to Volt Electronics' support about orders, returns and refunds, or to its grievance officer.",
  alternates: { canonical: "/contact" },
};

// The footer's "Contact us": the store's support address from configuration (SUPPORT_EMAIL), read
// when the page is served (so the deployment's value, not the build's), and where returns start.
export default function ContactPage() {
  return (
    <article aria-labelledby="contact-heading" className="mx-auto max-w-2xl space-y-4 px-4 py-12">
      <h1 id="contact-heading" className="text-2xl font-semibold">
        Contact and grievances
      </h1>
      <p className="text-slate-700">Questions about an order, a return or a refund? Write to us and we answer within one business day.</p>
      <Suspense fallback={<p className="h-6 w-64 animate-pulse rounded bg-slate-200" aria-hidden="true" />}>
        <SupportEmail />
      </Suspense>
      <p className="text-slate-700">
        To return a product within {RETURN_WINDOW_DAYS} days of its delivery, open the order in My Orders and choose <strong>Request a return</strong>: we pick it up free from
        your delivery address.
      </p>
      <Suspense fallback={<div className="h-64 animate-pulse rounded-2xl bg-slate-200" aria-hidden="true" />}>
        <SellerAndGrievances />
      </Suspense>
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

/**
 * The seller and its grievance officer, as the Consumer Protection (E-Commerce) Rules 2020 ask
 * (rule 4(1) and 4(4)): read from the admin's Settings when the page is served. A detail not given
 * yet is left out.
 */
async function SellerAndGrievances() {
  await connection();
  const { details: seller } = await readSeller();
  const address = [seller.addressLine1, seller.addressLine2, [seller.city, indiaStateName(seller.state), seller.postalCode].filter(Boolean).join(" ")].filter(Boolean);
  const officer = [seller.grievanceName, seller.grievanceDesignation].filter(Boolean).join(", ");
  return (
    <>
      {seller.legalName && (
        <section aria-labelledby="seller-heading" className="space-y-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="seller-details">
          <h2 id="seller-heading" className="font-semibold">
            The seller
          </h2>
          <p>
            {seller.legalName}
            {seller.tradeName && seller.tradeName !== seller.legalName ? ` (trading as ${seller.tradeName})` : ""}
          </p>
          {address.length > 0 && (
            <address className="not-italic text-slate-700">
              {address.map((line, index) => (
                <span key={index} className="block">
                  {line}
                </span>
              ))}
            </address>
          )}
          {seller.gstin && <p className="text-slate-700">GSTIN: {seller.gstin}</p>}
          {seller.phone && <p className="text-slate-700">Phone: {seller.phone}</p>}
        </section>
      )}
      <section id="grievances" aria-labelledby="grievances-heading" className="space-y-1 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="grievance-officer">
        <h2 id="grievances-heading" className="font-semibold">
          Grievances
        </h2>
        <p className="text-slate-700">A complaint about an order, a product or this store goes to our grievance officer, who acknowledges it within 48 hours and resolves it within a month.</p>
        {officer && <p>{officer}</p>}
        {seller.grievanceEmail && (
          <p>
            Email:{" "}
            <a href={`mailto:${seller.grievanceEmail}`} className="font-semibold text-brand-700 underline">
              {seller.grievanceEmail}
            </a>
          </p>
        )}
        {seller.grievancePhone && <p>Phone: {seller.grievancePhone}</p>}
        <p>
          Signed in, you can{" "}
          <IntentLink href="/user-panel/my-account#complaints" className="font-medium text-brand-700 underline">
            raise a complaint from My Account
          </IntentLink>
          : it gets a ticket number at once, and you follow it there.
        </p>
      </section>
    </>
  );
}
