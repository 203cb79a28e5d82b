"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId, useState } from "react";
import { useLogout } from "../account/use-logout";

export type PanelLink = { href: string; label: string };

/**
 * The side menu of the user panel and the admin panel (docs/PRODUCT.md §2.9, §2.10): its links, the current one
 * marked, and a 'Menu' toggle below md that collapses it on phones.
 */
export function PanelMenu({ title, label, links, header, signOut = false }: { title: string; label: string; links: readonly PanelLink[]; header?: React.ReactNode; signOut?: boolean }) {
  const pathname = usePathname();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  return (
    <aside className="rounded-2xl bg-white p-3 shadow-sm md:sticky md:top-20 md:p-4">
      <div className="flex items-center justify-between gap-3 md:hidden">
        <p className="px-1 font-medium">{title}</p>
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
      <nav id={menuId} aria-label={label} className={`${open ? "block" : "hidden"} mt-3 md:mt-0 md:block`}>
        {header}
        <ul className="space-y-1">
          {links.map((link) => {
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
          {signOut && (
            <li>
              <button type="button" onClick={logout} className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100">
                Sign Out
              </button>
            </li>
          )}
        </ul>
      </nav>
    </aside>
  );
}
