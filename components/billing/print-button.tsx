"use client";

import { SECONDARY_ACTION } from "@/components/admin/order-action-styles";

/** Opens the browser's print dialog (the page's print stylesheet leaves only the document). */
export function PrintButton({ label = "Print" }: { label?: string }) {
  return (
    <button type="button" onClick={() => window.print()} className={SECONDARY_ACTION}>
      {label}
    </button>
  );
}
