import type { Metadata } from "next";
import { UserPanelMenu } from "@/components/account/user-panel-menu";

// The signed-in shopper's pages. proxy.ts sends anonymous visitors to /signin; each page is a
// client component reading the user's own data from the API, so nothing per-user is cached.
export const metadata: Metadata = { robots: { index: false } };

export default function UserPanelLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 md:grid-cols-[14rem_minmax(0,1fr)] md:gap-6 md:py-8">
      <UserPanelMenu />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
