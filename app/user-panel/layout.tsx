import type { Metadata } from "next";
import { UserPanelMenu } from "@/components/account/user-panel-menu";

// The signed-in shopper's pages. proxy.ts sends anonymous visitors to /signin; each page is a
// client component reading the user's own data from the API, so nothing per-user is cached.
export const metadata: Metadata = { robots: { index: false } };

// At least the screen below the header high (its rows keep their own height: content-start), so
// the footer starts below the fold. Every page here loads the shopper's data after the first paint
// and a list's length is unknown until it arrives: whatever replaces the skeleton, nothing in view
// below it moves (no layout shift).
export default function UserPanelLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto grid min-h-[calc(100vh-4rem)] w-full max-w-7xl grid-cols-[minmax(0,1fr)] content-start gap-4 px-4 py-6 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-6 md:py-8">
      <UserPanelMenu />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
