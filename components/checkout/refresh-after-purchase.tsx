"use client";

import { useEffect } from "react";
import { useSWRConfig } from "swr";
import { ORDERS_KEY } from "../orders/orders-view";
import { useShopLists } from "../cart/use-shop-lists";

/** The order took the bought lines out of the cart: the header's count and the lists reload. */
export function RefreshAfterPurchase() {
  const { cartKey } = useShopLists();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (cartKey) void mutate(cartKey);
    void mutate(ORDERS_KEY);
  }, [cartKey, mutate]);
  return null;
}
