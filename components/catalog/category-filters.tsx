"use client";

import { useRouter } from "next/navigation";
import { useOptimistic, useState, useTransition } from "react";
import { CATEGORIES } from "@/lib/catalog/categories";
import { categoryFilterHref, type CategoryFilter, type CategorySort } from "@/lib/catalog/category-filter";
import { ProductGridSkeleton } from "./product-grid";

/**
 * docs/PRODUCT.md §2.5: the category page's two columns: the filters, and the results (rendered on the server
 * and passed in), which give way to the 13 skeleton cards while a new selection loads.
 */
export function CategoryBrowser({ filter, children }: { filter: CategoryFilter; children: React.ReactNode }) {
  const [pending, startTransition] = useTransition();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[220px_1fr]">
      <aside aria-label="Filters">
        <CategoryFilters filter={filter} pending={pending} startTransition={startTransition} />
      </aside>
      {pending ? (
        <div className="min-w-0 space-y-4" data-testid="results-loading">
          <div className="h-8 w-48 animate-pulse rounded bg-slate-200" aria-hidden="true" />
          <ProductGridSkeleton />
        </div>
      ) : (
        children
      )}
    </div>
  );
}

type FiltersProps = { filter: CategoryFilter; pending: boolean; startTransition: React.TransitionStartFunction };

/**
 * docs/PRODUCT.md §2.5: price sort radios and the category checkboxes, mirrored in the address bar. On phones
 * the panel collapses behind a 'Filters' button.
 */
function CategoryFilters({ filter, pending, startTransition }: FiltersProps) {
  const router = useRouter();
  // The boxes show the shopper's choice at once; the page's own filter takes over on arrival.
  const [selection, setSelection] = useOptimistic(filter);
  const [open, setOpen] = useState(false);

  function apply(next: CategoryFilter) {
    startTransition(() => {
      setSelection(next);
      router.push(categoryFilterHref({ ...next, page: 1 }), { scroll: false });
    });
  }

  function toggleCategory(value: (typeof CATEGORIES)[number]["value"], checked: boolean) {
    const categories = CATEGORIES.map((c) => c.value).filter((c) => (c === value ? checked : selection.categories.includes(c)));
    apply({ ...selection, categories, unknownOnly: false });
  }

  return (
    <div className="lg:sticky lg:top-20" aria-busy={pending}>
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls="category-filters"
        className="flex w-full items-center justify-between rounded-lg bg-white px-4 py-2 font-medium shadow-sm ring-1 ring-slate-200 lg:hidden"
      >
        Filters
        <span aria-hidden="true">{open ? "▴" : "▾"}</span>
      </button>
      <form
        id="category-filters"
        onSubmit={(event) => event.preventDefault()}
        className={`${open ? "block" : "hidden"} mt-2 space-y-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:mt-0 lg:block`}
      >
        <fieldset>
          <legend className="mb-2 w-full border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-700">Sort by</legend>
          {(
            [
              ["asc", "Low to High"],
              ["desc", "High to Low"],
            ] as [CategorySort, string][]
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name="sort"
                value={value}
                checked={selection.sort === value}
                onChange={() => apply({ ...selection, sort: value })}
                className="h-4 w-4 accent-brand-600"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset>
          <legend className="mb-2 w-full border-b border-slate-200 pb-1 text-sm font-semibold uppercase tracking-wide text-slate-700">Category</legend>
          {CATEGORIES.map((category) => (
            <label key={category.value} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="category"
                value={category.value}
                checked={selection.categories.includes(category.value)}
                onChange={(event) => toggleCategory(category.value, event.target.checked)}
                className="h-4 w-4 accent-brand-600"
              />
              {category.label}
            </label>
          ))}
        </fieldset>
      </form>
    </div>
  );
}
