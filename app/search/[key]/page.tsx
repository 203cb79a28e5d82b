import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ProductGrid } from "@/components/catalog/product-grid";
import { SearchResultsFrame } from "@/components/layout/search-status";
import { searchProductsCached } from "@/lib/server/catalog/catalog";
import { parseSearchKey, searchKey } from "@/lib/catalog/search-query";
import { SITE_OPEN_GRAPH } from "@/lib/shared/open-graph";

// /search?q=… (proxy.ts rewrites it here: one cached page per query, rendered whole on its first
// visit, so the results are in the HTML with the page's metadata). docs/PRODUCT.md §2.7: 'Search Results: N',
// a spinner while loading, 'No products found.' when empty.

type Props = { params: Promise<{ key: string }> };

export const ensureStatic = "navigation";
// The query comes from the path and is read outside <Suspense> (the results are in the page's HTML,
// not streamed hidden and revealed later), so a navigation here waits for the page while the
// spinner shows (docs/PRODUCT.md §2.7). `instant = false` says so; see the product page.
export const instant = false;

/** The empty query is prerendered; every other one on its first visit, then cached. */
export function generateStaticParams() {
  return [{ key: searchKey("") }];
}

async function queryOf(params: Props["params"]): Promise<string> {
  const query = parseSearchKey((await params).key);
  // Only proxy.ts makes keys; a hand-made /search/… address is not a page.
  if (query === null) notFound();
  return query;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const query = await queryOf(params);
  const canonical = query ? `/search?q=${encodeURIComponent(query)}` : "/search";
  return {
    title: query ? `Search results for “${query}”` : "Search",
    description: query ? `Products matching “${query}” at Volt Electronics.` : "Search phones, audio, TVs, cameras and more at Volt Electronics.",
    alternates: { canonical },
    openGraph: { ...SITE_OPEN_GRAPH, url: canonical },
    // Result pages for any text anyone types: not for search engines' indexes.
    robots: { index: false, follow: true },
  };
}

export default async function SearchPage({ params }: Props) {
  const query = await queryOf(params);
  const products = query ? await searchProductsCached(query) : [];
  return (
    <SearchResultsFrame>
      <section aria-labelledby="search-heading" className="space-y-4">
        <h1 id="search-heading" className="text-lg font-semibold" aria-live="polite">
          Search Results: {products.length}
        </h1>
        {products.length === 0 ? (
          <p className="rounded-lg bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No products found.</p>
        ) : (
          <ProductGrid products={products} />
        )}
      </section>
    </SearchResultsFrame>
  );
}
