"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { useLogout } from "./use-logout";

const LINKS = [
  { href: "/user-panel/my-account", label: "Profile" },
  { href: "/user-panel/wishlist", label: "Wishlist" },
  { href: "/user-panel/cart", label: "Carts" },
  { href: "/user-panel/my-orders", label: "Orders" },
] as const;

/** SPEC 2 /user-panel: Profile, Wishlist, Carts, Orders and Sign Out; a 'Menu' toggle below md. */
export function UserPanelMenu() {
  const pathname = usePathname();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  return (
    <aside className="rounded-2xl bg-white p-3 shadow-sm md:sticky md:top-20 md:p-4">
      <div className="flex items-center justify-between gap-3 md:hidden">
        <p className="px-1 font-medium">My Account</p>
        <button
          type="button"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={menuId}
          className="rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Menu
        </button>
      </div>
      <nav id={menuId} aria-label="My account menu" className={`${open ? "block" : "hidden"} mt-3 md:mt-0 md:block`}>
        <ul className="space-y-1">
          {LINKS.map((link) => {
            const current = pathname === link.href;
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={() => setOpen(false)}
                  aria-current={current ? "page" : undefined}
                  className={`block rounded-lg px-3 py-2 text-sm ${current ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"}`}
                >
                  {link.label}
                </Link>
              </li>
            );
          })}
          <li>
            <button type="button" onClick={logout} className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">
              Sign Out
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
