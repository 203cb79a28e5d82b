import "server-only";
import { cacheLife, cacheTag, revalidateTag } from "next/cache";
import { connection } from "next/server";
import type { Prisma } from "@/lib/generated/prisma/client";
import { CATALOG_CHANNEL, catalogMessage, instanceId } from "../platform/catalog-broadcast";
import { db } from "../platform/db";
import { purgePageCache } from "../platform/answers";

/** True inside Next's compiled server (Cache Components on); false when Vitest runs a module directly. */
const underNext = () => Boolean(process.env.__NEXT_USE_CACHE);

// Named cache tags for the catalogue. Catalogue writes go through changeCatalog() below, which
// expires the tags and the production server's finished pages on every instance; carts,
// wishlists and orders are not in these caches (what is kept per shopper: sessions in
// lib/server/accounts/session-cache.ts, cart lines and wishlist counts in shop-lists/list-cache.ts).
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
 * A catalogue write, and its news for every instance: the write and a NOTIFY on the catalogue
 * channel commit together (PostgreSQL sends the notification only if the write commits), then this
 * instance refreshes itself at once. The others refresh when their listener hears it
 * (catalog-broadcast.ts, started by server/serve.ts), within a second.
 */
export async function changeCatalog<T>(write: Prisma.PrismaPromise<T>): Promise<T> {
  const [result] = await db.$transaction([write, db.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${catalogMessage(instanceId())})`]);
  catalogChanged();
  return result;
}

/** changeCatalog for a write that needs a transaction of its own (reads, locks, several rows): the NOTIFY commits with it. */
export async function changeCatalogIn<T>(write: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  const result = await db.$transaction(async (tx) => {
    const written = await write(tx);
    await tx.$executeRaw`SELECT pg_notify(${CATALOG_CHANNEL}, ${catalogMessage(instanceId())})`;
    return written;
    // Longer than Prisma's 5 s: a product write may wait its turn behind a definition's (specs.ts).
  }, { timeout: 15_000 });
  catalogChanged();
  return result;
}

/**
 * Refreshes this instance's catalogue: every catalogue read carries the `products` tag, so it
 * goes stale at once (expire 0: the next request renders fresh, nobody gets the old price), and
 * the finished pages the production server keeps are dropped. With `stale` (an instance that may
 * have missed news, its database perhaps out of reach) Next's entries are only marked stale: Next
 * answers with the old page while it renders the new one, and keeps the old one if that fails;
 * the page cache is left alone (serve.ts has shortened its lifetime meanwhile).
 */
export function catalogChanged(options: { stale?: boolean } = {}): void {
  if (underNext()) revalidateTag(CATALOG_TAGS.products, options.stale ? "max" : { expire: 0 });
  if (!options.stale) purgePageCache();
}
