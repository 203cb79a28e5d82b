"use client";

import { IntentLink } from "@/components/layout/intent-link";
import { useEffect, useId, useRef, useState } from "react";
import { HEADER_SHAPE_KEY } from "@/lib/accounts/session-cookie";
import { useLogout } from "../account/use-logout";
import { useCurrentUser } from "../account/use-current-user";
import { useHydrated } from "../ui/use-hydrated";
import { useShopLists } from "../cart/use-shop-lists";

/** The header's per-user part: a client leaf, so the pages around it stay cacheable. */
export function HeaderAccount() {
  const { user, isLoading } = useCurrentUser();
  const hydrated = useHydrated();
  const logout = useLogout();
  // The prerendered HTML cannot know the visitor, so until hydrated it holds both: "Sign In" and
  // the signed-in placeholder. app/layout.tsx marks a visitor with the sign-in hint before the
  // first paint, and globals.css then shows the placeholder instead. Placeholder, then account:
  // a shopper's header keeps one size throughout, so nothing beside it moves.
  const known = hydrated && !isLoading;
  const role = user?.role;
  useEffect(() => {
    if (!role) return;
    try {
      localStorage.setItem(HEADER_SHAPE_KEY, role === "ADMIN" ? "admin" : "shopper");
    } catch {
      // Storage refused (private mode, quota): the placeholder keeps the shopper's shape.
    }
  }, [role]);

  return (
    <>
      {(known || !hydrated) && (
        <div className={`${GROUP} ${hydrated ? "" : "signed-out-only"}`}>
          {user && <AvatarMenu name={user.name} picture={user.profilepic} role={user.role} />}
          {user?.role === "USER" && <ShopperCounts />}
          {user ? (
            <button type="button" onClick={logout} className={`${BUTTON} ${BUTTON_COLOURS}`}>
              Logout
            </button>
          ) : (
            <IntentLink href="/signin" className={`${BUTTON} ${BUTTON_COLOURS}`}>
              Sign In
            </IntentLink>
          )}
        </div>
      )}
      {!known && <AccountPlaceholder className={hydrated ? "" : "signed-in-only"} />}
    </>
  );
}

const GROUP = "flex items-center gap-2 sm:gap-4";
const BUTTON = "rounded-full px-4 py-1.5 text-sm font-medium";
const BUTTON_COLOURS = "bg-brand-600 text-white hover:bg-brand-700";
const ROUND = "h-9 w-9 rounded-full";

/**
 * The signed-in group at its size while the account loads: avatar, wishlist, cart and Logout (an
 * admin's, without the two icons, when <html data-signed-in="admin">: globals.css).
 */
function AccountPlaceholder({ className }: { className: string }) {
  return (
    <div className={`${GROUP} ${className}`} aria-hidden="true">
      <span className={`${ROUND} animate-pulse bg-slate-200`} />
      <span className={`${ROUND} shopper-only animate-pulse bg-slate-200`} />
      <span className={`${ROUND} shopper-only animate-pulse bg-slate-200`} />
      <span className={`${BUTTON} animate-pulse bg-slate-200 text-transparent`}>Logout</span>
    </div>
  );
}

/** docs/PRODUCT.md §2.1: the avatar toggles a dropdown; a link, Escape or a click outside closes it. */
function AvatarMenu({ name, picture, role }: { name: string; picture: string; role: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const link = role === "ADMIN" ? { href: "/admin-panel/all-products", label: "Admin Panel" } : { href: "/user-panel/my-account", label: "My Account" };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        className={`${ROUND} grid place-items-center overflow-hidden bg-slate-100 ring-1 ring-slate-300 hover:ring-brand-600`}
      >
        {picture ? (
          // eslint-disable-next-line @next/next/no-img-element -- a data URL or the image host's URL, any size
          <img src={picture} alt="" className="h-full w-full object-cover" />
        ) : (
          <svg viewBox="0 0 24 24" className="h-6 w-6 fill-slate-600" aria-hidden="true">
            <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
          </svg>
        )}
      </button>
      {open && (
        <div id={menuId} className="absolute right-0 top-11 z-50 min-w-40 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200">
          <IntentLink href={link.href} onClick={() => setOpen(false)} className="block whitespace-nowrap rounded-md px-3 py-2 text-sm hover:bg-slate-100">
            {link.label}
          </IntentLink>
        </div>
      )}
    </div>
  );
}

/** Wishlist and cart icons with their counts, for signed-in USERs (docs/PRODUCT.md §2.1). */
function ShopperCounts() {
  const { wishlistCount, cart: items } = useShopLists();
  return (
    <>
      <CountLink href="/user-panel/wishlist" label="Wishlist" count={wishlistCount ?? 0} testId="wishlist-count">
        <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.3 5 6.7 5c2 0 3.5 1.1 4.3 2.6h2C13.8 6.1 15.3 5 17.3 5c3.4 0 5.6 3.4 4.2 6.8C19.5 16.4 12 21 12 21z" />
      </CountLink>
      <CountLink href="/user-panel/cart" label="Cart" count={items.length} testId="cart-count">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.9a2 2 0 0 0 2-1.5L21 8H6.2M10 21h.01M17 21h.01" />
      </CountLink>
    </>
  );
}

function CountLink({ href, label, count, testId, children }: { href: string; label: string; count: number; testId: string; children: React.ReactNode }) {
  return (
    <IntentLink href={href} aria-label={`${label}: ${count} ${count === 1 ? "item" : "items"}`} className={`${ROUND} relative grid place-items-center hover:bg-slate-100`}>
      <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        {children}
      </svg>
      <span data-testid={testId} className="absolute -right-1 -top-1 grid h-5 min-w-5 place-items-center rounded-full bg-brand-600 px-1 text-xs font-semibold text-white">
        {count}
      </span>
    </IntentLink>
  );
}
