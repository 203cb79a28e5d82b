import Link from "next/link";
import { readSeller } from "@/lib/server/billing/seller";

/**
 * On every admin page while the seller's details are incomplete: no invoice is issued until they
 * are (orders still go through, and get theirs once the details are filled in, oldest first).
 */
export async function SellerIncompleteBanner() {
  const { missing } = await readSeller();
  if (missing.length === 0) return null;
  return (
    <div role="status" className="mb-4 rounded-2xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300 print:hidden" data-testid="seller-incomplete">
      <p className="font-semibold">The seller&apos;s details are incomplete: no invoice is issued until they are.</p>
      <p className="mt-1">
        Orders still go through, and get their invoices, oldest first, once the details are complete. Missing: {missing.join(", ")}.{" "}
        <Link href="/admin-panel/settings" className="font-medium underline">
          Complete them in Settings
        </Link>
      </p>
    </div>
  );
}
