import type { Metadata } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import { SellerSettingsForm } from "@/components/admin/seller-settings-form";
import { DeliverySettingsForm } from "@/components/admin/delivery-settings-form";
import { DELIVERY_FIELD_LABELS } from "@/lib/delivery/settings";
import { toDeliverySettingsAnswer } from "@/lib/delivery/settings-answer";
import { readDeliverySettings } from "@/lib/server/delivery/delivery-settings";
import { SELLER_FIELD_LABELS } from "@/lib/billing/seller";
import { formatDateTime } from "@/lib/shared/dates";
import { readSeller, sellerChanges } from "@/lib/server/billing/seller";
import { getSessionUser } from "@/lib/server/accounts/auth";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Settings" };

// The seller's details that invoices and the grievance page name, and who changed them when.
// Read at request time; the admin layout checks the role, and this page again (a client-side
// navigation renders it without the layout's check).
export default function SettingsPage() {
  return (
    <section aria-labelledby="settings-heading" className="space-y-6">
      <div>
        <h1 id="settings-heading" className="text-2xl font-semibold">
          Settings
        </h1>
        <p className="mt-1 text-sm text-slate-700">The seller&apos;s details, as tax invoices, credit notes and the Contact and grievances page name them; where and when the shop delivers.</p>
      </div>
      <Suspense fallback={<div className="h-[48rem] animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading the settings" />}>
        <Settings />
      </Suspense>
    </section>
  );
}

async function Settings() {
  await connection();
  if ((await getSessionUser())?.role !== "ADMIN") notFound();
  const [seller, changes, delivery] = await Promise.all([readSeller(), sellerChanges(10), readDeliverySettings()]);
  return (
    <>
      <SellerSettingsForm details={seller.details} />
      <section aria-labelledby="delivery-heading" className="space-y-3">
        <div>
          <h2 id="delivery-heading" className="text-xl font-semibold">
            Delivery
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {delivery.saved ? "Delivery dates, fees and cash on delivery, as shoppers see them at checkout and on product pages." : "These are the defaults, from the seller's city: save them to make them yours."}
          </p>
        </div>
        <DeliverySettingsForm settings={toDeliverySettingsAnswer(delivery.settings)} />
      </section>
      <section aria-labelledby="changes-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h2 id="changes-heading" className="text-lg font-semibold">
          Recent changes
        </h2>
        {changes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No changes yet.</p>
        ) : (
          <ol className="mt-2 divide-y divide-slate-100 text-sm">
            {changes.map((change, index) => (
              <li key={index} className="py-2">
                <p className="text-slate-600">
                  <time dateTime={change.changedAt.toISOString()}>{formatDateTime(change.changedAt.toISOString())}</time> · {change.changedBy ? `by ${change.changedByName ?? "an account since deleted"}` : "by the store's setup"}
                </p>
                <p className="[overflow-wrap:anywhere]">{Object.keys(change.changes).map(changeLabel).join(", ")}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** A changed field's name as the list says it: the seller's, or a delivery setting ("delivery.…"). */
function changeLabel(field: string): string {
  if (field.startsWith("delivery.")) return DELIVERY_FIELD_LABELS[field.slice("delivery.".length) as keyof typeof DELIVERY_FIELD_LABELS] ?? field;
  return SELLER_FIELD_LABELS[field as keyof typeof SELLER_FIELD_LABELS] ?? field;
}
