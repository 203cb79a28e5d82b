import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CategoryBrowser } from "@/components/catalog/category-filters";
import { ProductGrid } from "@/components/catalog/product-grid";
import { SearchResultsFrame } from "@/components/layout/search-status";
import { searchProductsCached } from "@/lib/server/catalog/catalog";
import { optionCount } from "@/lib/catalog/facets";
import { narrowResults, parseSearchPageKey, searchFilterHref } from "@/lib/catalog/search-filter";
import { searchKey } from "@/lib/catalog/search-query";
import { SITE_OPEN_GRAPH } from "@/lib/shared/open-graph";

// /search?q=…&brand=…&price=…&stock=1 (proxy.ts rewrites it here: one cached page per query and
// filters, rendered whole on its first visit, so the results are in the HTML with the page's
// metadata). docs/PRODUCT.md §2.7: 'Search Results: N', a spinner while loading, 'No products found.'
// when empty; issue 39: the results' brands, price and stock as filters beside them.

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

async function searchOf(params: Props["params"]) {
  const search = parseSearchPageKey((await params).key);
  // Only proxy.ts makes keys; a hand-made /search/… address is not a page.
  if (search === null) notFound();
  return search;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { query, filter } = await searchOf(params);
  const canonical = searchFilterHref(query, filter);
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
  const { query, filter } = await searchOf(params);
  const results = query ? await searchProductsCached(query) : [];
  const { products, facets } = narrowResults(results, filter);
  const section = (
    <section aria-labelledby="search-heading" className="min-w-0 space-y-4">
      <h1 id="search-heading" tabIndex={-1} className="text-lg font-semibold focus:outline-none" aria-live="polite">
        Search Results: {products.length}
      </h1>
      {products.length === 0 ? (
        <p className="rounded-lg bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No products found.</p>
      ) : (
        <ProductGrid products={products} />
      )}
    </section>
  );
  return (
    <SearchResultsFrame>
      {/* Filters once there is something to narrow (or a filter to take back). */}
      {results.length > 0 || optionCount(filter) > 0 ? (
        <CategoryBrowser filter={filter} facets={facets} place={{ kind: "search", query }} headingId="search-heading">
          {section}
        </CategoryBrowser>
      ) : (
        section
      )}
    </SearchResultsFrame>
  );
}
