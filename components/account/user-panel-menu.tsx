"use client";

import { PanelMenu } from "../layout/panel-menu";

const LINKS = [
  { href: "/user-panel/my-account", label: "Profile" },
  { href: "/user-panel/wishlist", label: "Wishlist" },
  { href: "/user-panel/cart", label: "Carts" },
  { href: "/user-panel/my-orders", label: "Orders" },
] as const;

/** docs/PRODUCT.md §2.9 /user-panel: Profile, Wishlist, Carts, Orders and Sign Out; a 'Menu' toggle below md. */
export function UserPanelMenu() {
  return <PanelMenu title="My Account" label="My account menu" links={LINKS} signOut />;
}
