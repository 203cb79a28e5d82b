"use client";

import { Avatar } from "../account/avatar";
import { PanelMenu } from "../layout/panel-menu";
import { useCurrentUser } from "../account/use-current-user";

const LINKS = [
  { href: "/admin-panel/all-users", label: "All Users" },
  { href: "/admin-panel/all-products", label: "Products" },
  { href: "/admin-panel/specifications", label: "Specifications" },
  { href: "/admin-panel/orders", label: "Orders" },
  { href: "/admin-panel/complaints", label: "Complaints" },
  { href: "/admin-panel/reviews", label: "Reviews" },
  { href: "/admin-panel/gst-report", label: "GST report" },
  { href: "/admin-panel/settings", label: "Settings" },
] as const;

/** docs/PRODUCT.md §2.10 /admin-panel: the admin's name and role, 'All Users' and 'Products' (and 'Specifications', 'Orders', 'Complaints', 'Reviews', 'GST report', 'Settings'). */
export function AdminMenu() {
  const { user } = useCurrentUser();
  const header = (
    <div className="mb-3 flex flex-col items-center gap-2 border-b border-slate-200 pb-3 text-center">
      <Avatar picture={user?.profilepic ?? ""} size="md" />
      <p className="font-semibold" data-testid="admin-name">
        {user?.name ?? "\u00a0"}
      </p>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600" data-testid="admin-role">
        {user?.role ?? "\u00a0"}
      </p>
    </div>
  );
  return <PanelMenu title="Admin Panel" label="Admin menu" links={LINKS} header={header} />;
}
