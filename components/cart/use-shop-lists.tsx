"use client";

import { useEffect, useMemo, useSyncExternalStore } from "react";
import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { useCurrentUser } from "../account/use-current-user";

// The signed-in USER's wishlist and cart, loaded once for the whole page and shared (a page holds
// a hundred hearts and cart buttons; each only reads them). Never server-rendered: catalogue pages
// stay cacheable.
//
// Shared through a small store that each reader subscribes to (useSyncExternalStore), not through
// a React context: a context's new value is propagated down the whole tree, and when it reaches a
// <Suspense> boundary whose streamed content has not hydrated yet, React gives up hydrating it
// and renders it again on the client. The account loads right after the first paint, exactly
// while a streamed page (the admin's settings, My Orders) hydrates: its boundary was rendered
// twice, and for a moment its form stood twice on the page (an e2e test caught it, 1 run in 10).

export const WISHLIST_COUNT_KEY = "/api/get-wishlist-count";
export const WISHLIST_KEY = "/api/get-wishlist";
export const cartKey = (userId: string) => `/api/count-cart-product/${userId}`;

/** docs/PRODUCT.md §3.5, §3.6: lines with the product populated (null when the product has left the catalogue). */
/** `priceAlert`, `stockAlert`: the line's wishlist alerts (beyond the spec). */
export type WishlistEntry = { _id: string; productId: PublicProduct | null; createdAt: string; priceAlert?: boolean; stockAlert?: boolean };
export type CartEntry = { _id: string; quantity: number; productId: PublicProduct | null; createdAt: string };

type ShopLists = {
  wishlistCount: number | undefined;
  wishlist: WishlistEntry[];
  cart: CartEntry[];
  cartKey: string | null;
  /** True until the signed-in shopper's lists have loaded once. */
  loading: boolean;
};

const EMPTY: ShopLists = { wishlistCount: undefined, wishlist: [], cart: [], cartKey: null, loading: false };
let current: ShopLists = EMPTY;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function publish(value: ShopLists): void {
  current = value;
  for (const listener of listeners) listener();
}

/** Failed loads are only logged and the lists are left empty (docs/PRODUCT.md §8.3). */
async function quietly<T>(path: string, empty: T): Promise<T> {
  try {
    return (await fetchJson<T>(path)).data;
  } catch (error) {
    console.warn(`[store] ${path}:`, error);
    return empty;
  }
}

const fetchCart = (path: string) => quietly<CartEntry[]>(path, []);

export function ShopListsProvider({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const shopper = user?.role === "USER" ? user : null;
  const key = shopper ? cartKey(shopper._id) : null;
  const count = useSWR(shopper ? WISHLIST_COUNT_KEY : null, (path: string) => quietly(path, { count: 0 }));
  const wishlist = useSWR(shopper ? WISHLIST_KEY : null, (path: string) => quietly<WishlistEntry[]>(path, []));
  const cart = useSWR(key, fetchCart);
  const loading = isLoading || (shopper !== null && (wishlist.data === undefined || cart.data === undefined));
  const value = useMemo<ShopLists>(
    () => (shopper ? { wishlistCount: count.data?.count, wishlist: wishlist.data ?? [], cart: cart.data ?? [], cartKey: key, loading } : { ...EMPTY, loading }),
    [shopper, count.data, wishlist.data, cart.data, key, loading],
  );
  useEffect(() => publish(value), [value]);
  return children;
}

/** The lists as ShopListsProvider last loaded them; the server and hydration see them empty. */
export function useShopLists(): ShopLists {
  return useSyncExternalStore(subscribe, () => current, () => EMPTY);
}
