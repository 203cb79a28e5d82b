import type { Metadata } from "next";
import { Suspense } from "react";
import { ProductGrid } from "@/components/product-grid";
import { SearchBox, SearchBoxFallback } from "@/components/search-box";
import { normalizeSearchQuery, searchProducts } from "@/lib/server/catalog";

type Props = { searchParams: Promise<{ q?: string | string[] }> };

function queryOf(params: { q?: string | string[] }): string {
  return normalizeSearchQuery(Array.isArray(params.q) ? params.q[0] : params.q);
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = queryOf(await searchParams);
  const canonical = query ? `/search?q=${encodeURIComponent(query)}` : "/search";
  return {
    title: query ? `Search results for “${query}”` : "Search",
    description: query ? `Products matching “${query}” at Volt Electronics.` : "Search phones, audio, TVs, cameras and more at Volt Electronics.",
    alternates: { canonical },
    openGraph: { url: canonical },
  };
}

// SPEC 2: 'Search Results: N', a spinner while loading, 'No products found.' when empty.
export default function SearchPage({ searchParams }: Props) {
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <Suspense fallback={<SearchBoxFallback className="md:hidden" />}>
        <SearchBox id="page-search" className="md:hidden" />
      </Suspense>
      <Suspense fallback={<Spinner />}>
        <SearchResults searchParams={searchParams} />
      </Suspense>
    </div>
  );
}

async function SearchResults({ searchParams }: Props) {
  const query = queryOf(await searchParams);
  const products = query ? await searchProducts(query) : [];
  return (
    <section aria-labelledby="search-heading" className="min-h-screen space-y-4">
      <h1 id="search-heading" className="text-lg font-semibold" aria-live="polite">
        Search Results: {products.length}
      </h1>
      {products.length === 0 ? (
        <p className="rounded-lg bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No products found.</p>
      ) : (
        <ProductGrid products={products} />
      )}
    </section>
  );
}

function Spinner() {
  return (
    // As tall as the results will be, so they replace it without moving the page (CLS).
    <div role="status" className="grid min-h-screen place-items-start justify-center py-16">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand-600" aria-hidden="true" />
      <span className="sr-only">Loading search results…</span>
    </div>
  );
}
