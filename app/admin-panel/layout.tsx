import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { AdminMenu } from "@/components/admin/admin-menu";
import { SellerIncompleteBanner } from "@/components/admin/seller-incomplete-banner";
import { getSessionUser } from "@/lib/server/accounts/auth";

// The admin's pages. proxy.ts sends non-admins to / as a convenience; this layout checks the
// role again on the server, from the database, on every request (a demoted admin is out at
// once), and every admin endpoint checks it a third time. On paper the menu is left out (an order's
// packing slip prints alone).
export const metadata: Metadata = { title: { template: "%s · Admin · Volt Electronics", default: "Admin" }, robots: { index: false } };

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-6 md:py-8 print:block print:p-0 print:[&>aside]:hidden">
      {/* The menu marks the current path: on a page whose address is known only at request time
          (an order's page) it waits for the request, in a frame of its size. */}
      <Suspense fallback={<div aria-hidden="true" className="h-[3.75rem] rounded-2xl bg-white shadow-sm md:h-72 print:hidden" />}>
        <AdminMenu />
      </Suspense>
      <div className="min-w-0">
        <Suspense fallback={<div className="h-96 animate-pulse rounded-2xl bg-slate-200" role="status" aria-busy="true" aria-label="Loading" />}>
          <AdminOnly>{children}</AdminOnly>
        </Suspense>
      </div>
    </div>
  );
}

async function AdminOnly({ children }: { children: React.ReactNode }) {
  // The session is read at request time, never while prerendering (docs/ENGINEERING.md §10).
  await connection();
  const user = await getSessionUser();
  if (user?.role !== "ADMIN") redirect("/");
  return (
    <>
      <SellerIncompleteBanner />
      {children}
    </>
  );
}
