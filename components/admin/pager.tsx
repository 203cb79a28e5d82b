/**
 * docs/PRODUCT.md §2.10 admin tables: 'Showing a-b of n', Previous and Next (disabled at the ends).
 * `hasNext`: whether the list said there is a next page (a keyset list knows); else from `total`.
 */
export function Pager({ page, pageSize, total, hasNext, onPage, label }: { page: number; pageSize: number; total: number; hasNext?: boolean; onPage: (page: number) => void; label: string }) {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(page * pageSize, total);
  const button = "rounded-full px-4 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="pager-status">
        Showing {first}-{last} of {total}
      </p>
      <div className="flex gap-2">
        <button type="button" className={button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <button type="button" className={button} disabled={hasNext === undefined ? last >= total : !hasNext} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}
