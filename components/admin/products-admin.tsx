"use client";

import { useEffect, useState } from "react";
import useSWR from "swr";
import { toast } from "@/components/ui/toast";
import { fetchPage, postJson, type ApiPage } from "@/lib/api-client";
import { CATEGORIES, categoryLabel } from "@/lib/catalog/categories";
import { formatRupeeAmount } from "@/lib/shared/money";
import type { ProductState } from "@/lib/schemas";
import type { PublicProduct } from "@/lib/server/catalog/catalog";
import { INPUT_CLASS } from "../account/form-styles";
import { ProductThumb } from "../catalog/product-thumb";
import { ListBody } from "./list-states";
import { Pager } from "./pager";
import { ProductFormDialog } from "./product-form-dialog";
import { IconButton } from "../ui/icon-button";
import { useApiAction } from "../ui/use-api-action";

const PAGE_SIZE = 20;
/** The search box asks the server once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

/** The state filter's choices (GET /api/admin-products?state=). */
const STATE_OPTIONS: { value: ProductState; label: string }[] = [
  { value: "all", label: "All" },
  { value: "active", label: "On sale" },
  { value: "archived", label: "Archived" },
];

/**
 * docs/PRODUCT.md §2.10 admin products screen: the products newest first (or the store's search), one category
 * or all, on sale or archived or both, a page at a time; 'Upload Product' and each row's edit
 * button open the product form. Each row shows its units in stock and held, and archives or
 * restores the product.
 */
export function ProductsAdmin() {
  const [page, setPage] = useState(1);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [category, setCategory] = useState("");
  const [state, setState] = useState<ProductState>("all");
  const [editing, setEditing] = useState<PublicProduct | "new" | null>(null);

  // Only a change of the typed words starts a search (and goes back to page 1): a timer started
  // on the first render would send an admin who clicked Next within 300 ms back to page 1.
  useEffect(() => {
    const typed = text.trim();
    if (typed === query) return;
    const timer = setTimeout(() => {
      setQuery(typed);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, query]);

  // Pages after the first go by the cursor the page before answered (keyset paging: as quick at
  // page 10 000 as at page 1, and products added meanwhile never shift a page); a search pages by
  // number. Cursors are kept per selection and page: Previous and a revisit ask for the same page.
  const selection = JSON.stringify([query, category, state]);
  const [cursors, setCursors] = useState<Record<string, string | null>>({});
  const after = !query && page > 1 ? cursors[`${selection}|${page}`] : undefined;
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (after) params.set("after", after);
  else params.set("page", String(page));
  if (query) params.set("q", query);
  if (category) params.set("category", category);
  if (state !== "all") params.set("state", state);
  const { data, error, isLoading, mutate } = useSWR(
    `/api/admin-products?${params}`,
    async (path: string) => {
      const answer = await fetchPage<PublicProduct>(path) as ApiPage<PublicProduct> & { nextCursor?: string | null };
      setCursors((known) => ({ ...known, [`${selection}|${page + 1}`]: answer.nextCursor ?? null }));
      return answer;
    },
    { keepPreviousData: true },
  );
  const products = data?.data ?? [];
  const hasNext = query ? undefined : cursors[`${selection}|${page + 1}`] != null;

  return (
    <section aria-labelledby="products-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="products-heading" className="text-2xl font-semibold">
          All Product
        </h1>
        <button type="button" onClick={() => setEditing("new")} className="rounded-full bg-brand-600 px-5 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          Upload Product
        </button>
      </div>
      <div className="flex flex-wrap gap-3" role="search">
        <div className="min-w-[12rem] flex-1">
          <label htmlFor="admin-product-search" className="sr-only">
            Find products
          </label>
          <input id="admin-product-search" type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Search by name, brand or category" className={INPUT_CLASS} />
        </div>
        <div>
          <label htmlFor="admin-product-category" className="sr-only">
            Category
          </label>
          <select
            id="admin-product-category"
            value={category}
            onChange={(event) => {
              setCategory(event.target.value);
              setPage(1);
            }}
            className={INPUT_CLASS}
          >
            <option value="">All categories</option>
            {CATEGORIES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor="admin-product-state" className="text-sm font-medium text-slate-700">
            Show
          </label>
          <select
            id="admin-product-state"
            value={state}
            onChange={(event) => {
              setState(event.target.value as ProductState);
              setPage(1);
            }}
            className={INPUT_CLASS}
          >
            {STATE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListBody
        error={error}
        what="products"
        loading={isLoading && products.length === 0}
        skeleton={{ rows: 6, rowClassName: "h-20" }}
        empty={products.length === 0 ? "No products found." : null}
      >
        <ul className="space-y-2" aria-label="Products">
          {products.map((product) => (
            <li key={product._id} className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200" data-testid="admin-product">
              <ProductThumb src={product.productImage[0]} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <p className="line-clamp-2 font-medium">{product.productName}</p>
                  {product.archived && (
                    <span className="rounded-full bg-slate-700 px-2 py-0.5 text-xs font-semibold text-white" data-testid="archived-badge">
                      Archived
                    </span>
                  )}
                </div>
                <p className="text-sm text-slate-600">
                  {product.brandName} · {categoryLabel(product.category)}
                </p>
                <p className="text-sm">
                  <span className="font-semibold text-brand-700">{formatRupeeAmount(product.sellingPrice)}</span>{" "}
                  <s className="text-slate-600">
                    <span className="sr-only">List price </span>
                    {formatRupeeAmount(product.price)}
                  </s>
                </p>
                <p className="text-sm text-slate-600" data-testid="admin-product-stock">
                  <span className={product.stock === 0 ? "font-semibold text-red-700" : undefined}>{product.stock.toLocaleString("en-IN")} in stock</span> ·{" "}
                  {product.held.toLocaleString("en-IN")} held
                </p>
              </div>
              <div className="flex flex-col-reverse items-end gap-2 sm:flex-row sm:items-center">
                <ArchiveButton product={product} onChanged={() => void mutate()} />
                <IconButton
                  icon="edit"
                  label={`Edit ${product.productName}`}
                  onClick={() => setEditing(product)}
                  className="h-9 w-9 bg-green-100 text-green-800 hover:bg-green-700 hover:text-white"
                />
              </div>
            </li>
          ))}
        </ul>
      </ListBody>
      <Pager page={page} pageSize={PAGE_SIZE} total={data?.total ?? 0} hasNext={hasNext} onPage={setPage} label="Products pages" />
      {editing && (
        <ProductFormDialog product={editing === "new" ? undefined : editing} onSaved={() => void mutate()} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

/** Archives a product on sale, restores an archived one (POST /api/archive-product); the server's message as a toast. */
function ArchiveButton({ product, onChanged }: { product: PublicProduct; onChanged: () => void }) {
  const { pending, run } = useApiAction();
  const label = product.archived ? "Restore" : "Archive";
  const toggle = () =>
    run(async () => {
      const answer = await postJson<PublicProduct>("/api/archive-product", { productId: product._id, archived: !product.archived });
      toast.success(answer.message);
      onChanged();
    });
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={`${label} ${product.productName}`}
      className="rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
    >
      {label}
    </button>
  );
}
