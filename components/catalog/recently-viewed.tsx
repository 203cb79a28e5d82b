"use client";

import { useEffect } from "react";
import useSWR from "swr";
import { fetchJson } from "@/lib/api-client";
import { parseRecentlyViewed, RECENTLY_VIEWED_STORAGE_KEY, withViewed } from "@/lib/catalog/recently-viewed";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { storedList } from "../ui/stored-list";
import { ProductRowCards, ProductRowFrame, ProductRowSkeletonCards } from "./product-row";

// "Recently viewed" (issue 40): the last products this browser opened, kept in its localStorage
// (lib/catalog/recently-viewed.ts): no account, nothing sent but the ids to render.

const recent = storedList<string>(RECENTLY_VIEWED_STORAGE_KEY, parseRecentlyViewed);

/** On a product page: notes the visit (after the page shows, never during the server's render). */
export function RecordView({ productId }: { productId: string }) {
  useEffect(() => {
    recent.write(withViewed(recent.read(), productId));
  }, [productId]);
  return null;
}

/**
 * The row of the products this browser viewed last, newest first, `without` the one on screen;
 * nothing at all until there is one to show (and on the server, which never knows).
 */
export function RecentlyViewedRow({ without }: { without?: string }) {
  const ids = recent.useList().filter((id) => id !== without);
  const path = ids.length > 0 ? `/api/recently-viewed?ids=${ids.join(",")}` : null;
  const { data, error } = useSWR(path, (url: string) => fetchJson<PublicProduct[]>(url).then((answer) => answer.data), { keepPreviousData: true });
  if (!path || error) return null;
  // Archived or deleted since: left out; none left, no row.
  if (data && data.length === 0) return null;
  return (
    <ProductRowFrame id="recently-viewed" heading="Recently viewed" busy={!data}>
      {data ? <ProductRowCards heading="Recently viewed" products={data} /> : <ProductRowSkeletonCards />}
    </ProductRowFrame>
  );
}
