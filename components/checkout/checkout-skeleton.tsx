/** The checkout page while it loads: the address, delivery and payment cards beside the summary. */
export function CheckoutSkeleton() {
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]" role="status" aria-busy="true" aria-label="Loading the checkout">
      <div className="space-y-6">
        <div className="h-56 animate-pulse rounded-2xl bg-slate-200" />
        <div className="h-28 animate-pulse rounded-2xl bg-slate-200" />
        <div className="h-36 animate-pulse rounded-2xl bg-slate-200" />
      </div>
      <div className="h-72 animate-pulse rounded-2xl bg-slate-200" />
    </div>
  );
}
