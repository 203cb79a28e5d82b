/** An admin list that could not load: the server's message (docs/PRODUCT.md §8.1), or a plain one. */
export function ListLoadFailed({ error, what }: { error: unknown; what: string }) {
  return (
    <p role="alert" className="rounded-2xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
      {error instanceof Error ? error.message : `The ${what} could not be loaded.`}
    </p>
  );
}

/** Placeholder rows while an admin list loads its first page. */
export function ListSkeleton({ rows, rowClassName, label }: { rows: number; rowClassName: string; label: string }) {
  return (
    <div className="space-y-2" role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={`animate-pulse rounded-xl bg-slate-200 ${rowClassName}`} />
      ))}
    </div>
  );
}

/**
 * An admin list's states in one place: the server's refusal, placeholder rows while the first
 * page loads, the empty sentence, or the list itself.
 */
export function ListBody({
  error,
  what,
  loading,
  skeleton,
  empty,
  children,
}: {
  error: unknown;
  what: string;
  loading: boolean;
  skeleton: { rows: number; rowClassName: string };
  empty: string | null;
  children: React.ReactNode;
}) {
  if (error) return <ListLoadFailed error={error} what={what} />;
  if (loading) return <ListSkeleton {...skeleton} label={`Loading ${what}`} />;
  if (empty) return <p className="rounded-2xl bg-white p-8 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">{empty}</p>;
  return children;
}
