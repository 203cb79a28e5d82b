import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { IntentLink } from "@/components/layout/intent-link";
import { CategoryBrowser } from "@/components/catalog/category-filters";
import { ProductGrid } from "@/components/catalog/product-grid";
import { categoryLabel, CATEGORY_VALUES } from "@/lib/catalog/categories";
import { filterChips, NO_CATEGORY_KEY, CATEGORY_MAX_PAGE, categoryFilterHref, categoryFilterKey, categoryFilterOf, parseCategoryFilterKey, type CategoryFilter } from "@/lib/catalog/category-filter";
import { optionCount } from "@/lib/catalog/facets";
import { categoryPageCached, pageSelection } from "@/lib/server/catalog/filters";
import { SITE_OPEN_GRAPH } from "@/lib/shared/open-graph";

// /category-product?category=…&brand=…&price=…&{spec}=…&sort=…&page=… (proxy.ts rewrites it here, one
// cached page per selection). docs/PRODUCT.md §2.5: sort radios, category checkboxes, 'Results : N',
// 13 skeletons; issue 39: the facets with their counts, chips, and the phone's filters drawer.

type Props = { params: Promise<{ view: string }> };

// Each selection is rendered whole on its first visit, then served from the cache.
export const ensureStatic = "navigation";
// The selection comes from the path and is read outside <Suspense> (the grid is in the page's HTML,
// not streamed hidden and revealed later), so a navigation here waits for the page while the
// filters show the skeleton cards (docs/PRODUCT.md §2.5). `instant = false` says so; see the
// product page for what it does and does not change.
export const instant = false;

/** Every category alone, and all products, are prerendered; other selections on first visit. */
export function generateStaticParams() {
  return [[], ...CATEGORY_VALUES.map((category) => [category])].map((categories) => ({ view: categoryFilterKey(categoryFilterOf(categories)) }));
}

function describe(filter: CategoryFilter): string {
  if (filter.unknownOnly) return "No such category";
  if (filter.categories.length === 0) return "All products";
  return filter.categories.map(categoryLabel).join(", ");
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const filter = parseCategoryFilterKey((await params).view);
  const answer = filter.unknownOnly ? null : await categoryPageCached(categoryFilterKey(filter));
  // A page with one filter is named by it ("Mobiles: Samsung", "Television: Screen size: 55–64 inches").
  const [only, ...more] = filterChips(filter, {
    spec: (key) => answer?.facets.specs.find((facet) => facet.key === key)?.label,
    option: (key, value) => answer?.facets.specs.find((facet) => facet.key === key)?.options.find((option) => option.value === value)?.label,
  });
  const title = only && more.length === 0 ? `${describe(filter)}: ${only.label}` : describe(filter);
  const canonical = categoryFilterHref({ ...filter, sort: null });
  // One filter makes a page worth finding ("Samsung mobiles"); more are a crawl trap.
  // No results (a brand with nothing in stock, say) is no page for a search engine either.
  const crawlable = !filter.unknownOnly && !filter.sort && optionCount(filter) <= 1 && (answer?.total ?? 0) > 0;
  return {
    title: filter.page > 1 ? `${title} — page ${filter.page}` : title,
    description: `Shop ${title.toLowerCase()} at Volt Electronics: compare prices, read the details and check out securely.`,
    alternates: { canonical },
    openGraph: { ...SITE_OPEN_GRAPH, url: canonical, title: `${title} | Volt Electronics` },
    robots: crawlable ? undefined : { index: false, follow: true },
  };
}

export default async function CategoryPage({ params }: Props) {
  const key = (await params).view;
  const filter = parseCategoryFilterKey(key);
  // Brands and filters the ticked categories do not have are left out: the address is spelled
  // without them. (Only proxy.ts makes keys: any other path is no page.)
  if (filter.unknownOnly) {
    if (key !== NO_CATEGORY_KEY) notFound();
  } else {
    const known = await pageSelection(filter);
    if (categoryFilterKey(known) !== key) redirect(categoryFilterHref(known));
  }
  const answer = await categoryPageCached(key);
  const result = answer ?? { products: [], total: 0, page: 1, pageSize: 1, facets: null };
  // The pager goes as deep as paging is allowed (a million products are found by narrowing, not by page 40 000).
  const pages = Math.min(CATEGORY_MAX_PAGE, Math.max(1, Math.ceil(result.total / result.pageSize)));

  return (
    <CategoryBrowser filter={filter} facets={result.facets}>
      <section aria-labelledby="category-heading" className="min-w-0 space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 id="category-heading" tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
            {describe(filter)}
          </h1>
          <p className="font-medium text-slate-700" data-testid="results-count" aria-live="polite">
            Results : {result.total}
          </p>
        </div>
        {result.products.length === 0 ? (
          <p className="rounded-lg bg-white p-8 text-center text-slate-600 ring-1 ring-slate-200">No products found.</p>
        ) : (
          <ProductGrid products={result.products} />
        )}
        {pages > 1 && <Pagination filter={filter} pages={pages} />}
      </section>
    </CategoryBrowser>
  );
}

function Pagination({ filter, pages }: { filter: CategoryFilter; pages: number }) {
  const link = "rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-white";
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3 pt-4">
      {filter.page > 1 ? (
        <IntentLink href={categoryFilterHref({ ...filter, page: filter.page - 1 })} className={link} rel="prev">
          Previous
        </IntentLink>
      ) : null}
      <span className="text-sm text-slate-700">
        Page {filter.page} of {pages}
      </span>
      {filter.page < pages ? (
        <IntentLink href={categoryFilterHref({ ...filter, page: filter.page + 1 })} className={link} rel="next">
          Next
        </IntentLink>
      ) : null}
    </nav>
  );
}
