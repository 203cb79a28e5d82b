import type { Metadata } from "next";
import { CompareListLink } from "@/components/compare/compare-list-link";
import { CompareTable } from "@/components/compare/compare-table";
import { EmptyState } from "@/components/ui/empty-state";
import { categoryLabel } from "@/lib/catalog/categories";
import { parseCompareIds } from "@/lib/catalog/compare";
import { getProductWithSpecs } from "@/lib/server/catalog/specs";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /compare?ids=a,b,c (issue 39): up to 4 products of one category side by side, read from the
// catalogue (prices, stock and specifications as the product pages show them). The address is the
// whole state, so it can be shared; the shopper's own list (the compare bar) only builds it.

/** The products the address names that can be compared: known, on sale, of the first one's category. */
async function comparedProducts(raw: string | string[] | undefined) {
  const { ids, dropped } = parseCompareIds(raw);
  const found = (await Promise.all(ids.map((id) => getProductWithSpecs(id)))).flatMap((entry) => (entry && !entry.product.archived ? [entry] : []));
  const category = found[0]?.product.category ?? null;
  const kept = found.filter((entry) => entry.product.category === category);
  return {
    products: kept.map((entry) => entry.product),
    definitions: found[0]?.definitions ?? [],
    category,
    /** Malformed, unknown, retired or past the fourth. */
    unavailable: dropped + ids.length - found.length,
    otherCategories: found.length - kept.length,
  };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { products } = await comparedProducts((await searchParams).ids);
  const title = products.length >= 2 ? `Compare ${products.map((product) => product.productName).join(" vs ")}` : "Compare products";
  return { title: title.length > 120 ? `${title.slice(0, 119).trimEnd()}…` : title, robots: { index: false, follow: true } };
}

export default async function ComparePage({ searchParams }: Props) {
  const { products, definitions, category, unavailable, otherCategories } = await comparedProducts((await searchParams).ids);
  if (!category) {
    return (
      <section aria-labelledby="compare-heading" className="mx-auto w-full max-w-3xl px-4 py-8">
        <h1 id="compare-heading" className="mb-6 text-2xl font-semibold">
          Compare products
        </h1>
        <div data-testid="compare-empty">
          <EmptyState
            title="Nothing to compare yet"
            hint="Press Compare on up to 4 products of one category, then open the comparison from the bar at the bottom of the page."
            action="Browse the categories"
            href="/category-product"
          />
          <CompareListLink />
        </div>
      </section>
    );
  }
  const name = categoryLabel(category);
  return (
    <section aria-labelledby="compare-heading" className="mx-auto w-full max-w-7xl space-y-4 px-4 py-6">
      <h1 id="compare-heading" className="text-2xl font-semibold">
        Compare {name}
      </h1>
      {(unavailable > 0 || otherCategories > 0 || products.length < 2) && (
        <ul className="space-y-1 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="compare-notes">
          {otherCategories > 0 && (
            <li>
              {otherCategories === 1 ? "1 product of another category was" : `${otherCategories} products of other categories were`} left out: products are compared within one category ({name} here).
            </li>
          )}
          {unavailable > 0 && <li>{unavailable === 1 ? "1 product in the address is" : `${unavailable} products in the address are`} not available to compare (unknown, no longer sold, or past the 4 a comparison holds).</li>}
          {products.length < 2 && <li>Add another {name.toLowerCase()} product to compare it with.</li>}
        </ul>
      )}
      <CompareTable products={products} definitions={definitions} categoryName={name} />
    </section>
  );
}
