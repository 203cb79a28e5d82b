"use client";

import { createContext, useContext, useMemo } from "react";
import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { useCurrentUser } from "../account/use-current-user";

// The signed-in USER's wishlist and cart, loaded once for the whole page and shared through
// context (a page holds a hundred hearts and cart buttons; each only reads the context). Never
// server-rendered: catalogue pages stay cacheable.

export const WISHLIST_COUNT_KEY = "/api/get-wishlist-count";
export const WISHLIST_KEY = "/api/get-wishlist";
export const cartKey = (userId: string) => `/api/count-cart-product/${userId}`;

/** docs/PRODUCT.md §3.5, §3.6: lines with the product populated (null when the product has left the catalogue). */
export type WishlistEntry = { _id: string; productId: PublicProduct | null; createdAt: string };
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
const ShopListsContext = createContext<ShopLists>(EMPTY);

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
  return <ShopListsContext.Provider value={value}>{children}</ShopListsContext.Provider>;
}

export function useShopLists(): ShopLists {
  return useContext(ShopListsContext);
}
