import "server-only";
import { cacheLife, cacheTag, revalidateTag } from "next/cache";
import { connection } from "next/server";
import { purgePageCache } from "./page-cache";

/** True inside Next's compiled server (Cache Components on); false when Vitest runs a module directly. */
const underNext = () => Boolean(process.env.__NEXT_USE_CACHE);

// Named cache tags for the catalogue. Admin product writes must call revalidateTag for the tags
// they touch and purgePageCache() (lib/server/page-cache.ts) for the finished pages that the
// production server keeps; carts, wishlists, sessions and orders are never cached.
export const CATALOG_TAGS = {
  products: "products",
  product: (id: string) => `product:${id}`,
  category: (category: string) => `category:${category}`,
} as const;

/**
 * Call first thing inside a `"use cache"` function: sets its lifetime and tags. Outside Next's
 * compiler (Vitest runs the domain layer directly) the directive is inert and so is this.
 */
export function cacheCatalogRead(...tags: string[]): void {
  if (!underNext()) return;
  // Catalogue data changes only through admin writes, which revalidate by tag; the hourly
  // revalidation is a safety net for changes made straight in the database.
  cacheLife("hours");
  cacheTag(CATALOG_TAGS.products, ...tags);
}

/** Marks a GET handler as per-request, never prerendered (its answer sets cookies, say). */
export async function renderPerRequest(): Promise<void> {
  if (underNext()) await connection();
}

/**
 * After a catalogue write: every catalogue read carries the `products` tag, so it goes stale at
 * once (expire 0: the next request renders fresh, nobody gets the old price), and the finished
 * pages the production server keeps are dropped. This reaches the instance that took the write;
 * other instances follow within their page cache's lifetime (PAGE_CACHE_SECONDS) and Next's.
 */
export function catalogChanged(): void {
  if (underNext()) revalidateTag(CATALOG_TAGS.products, { expire: 0 });
  purgePageCache();
}
