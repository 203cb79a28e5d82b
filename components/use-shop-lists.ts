"use client";

import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import { useCurrentUser } from "./use-current-user";

// The signed-in USER's wishlist and cart, shared by the header counts, the hearts and the cart
// buttons through SWR's cache. Never server-rendered: catalogue pages stay cacheable.

export const WISHLIST_COUNT_KEY = "/api/get-wishlist-count";
export const WISHLIST_KEY = "/api/get-wishlist";
export const cartKey = (userId: string) => `/api/count-cart-product/${userId}`;

export type WishlistEntry = { _id: string; productId: { _id: string } | null };
export type CartEntry = { _id: string; quantity: number; productId: { _id: string } | null };

/** Failed loads are only logged and the lists are left empty (SPEC 8). */
async function quietly<T>(path: string, empty: T): Promise<T> {
  try {
    return (await fetchJson<T>(path)).data;
  } catch (error) {
    console.warn(`[store] ${path}:`, error);
    return empty;
  }
}

function useShopper() {
  const { user } = useCurrentUser();
  return user?.role === "USER" ? user : null;
}

export function useWishlistCount(): number | undefined {
  const shopper = useShopper();
  const { data } = useSWR(shopper ? WISHLIST_COUNT_KEY : null, (path: string) => quietly(path, { count: 0 }));
  return shopper ? (data?.count ?? undefined) : undefined;
}

export function useWishlist(): WishlistEntry[] {
  const shopper = useShopper();
  const { data } = useSWR(shopper ? WISHLIST_KEY : null, (path: string) => quietly<WishlistEntry[]>(path, []));
  return data ?? [];
}

export function useCart(): { items: CartEntry[]; key: string | null } {
  const shopper = useShopper();
  const key = shopper ? cartKey(shopper._id) : null;
  const { data } = useSWR(key, (path: string) => quietly<CartEntry[]>(path, []));
  return { items: data ?? [], key };
}
