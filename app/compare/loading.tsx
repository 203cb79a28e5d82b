/** The compare page while it loads: the heading, the checkbox and the table's columns and rows. */
export default function Loading() {
  const bar = "animate-pulse rounded bg-slate-200";
  return (
    <div className="mx-auto w-full max-w-7xl space-y-4 px-4 py-6" role="status" data-testid="compare-skeleton">
      <span className="sr-only">Loading the comparison…</span>
      <div aria-hidden="true" className="space-y-4">
        <div className={`h-8 w-64 max-w-full ${bar}`} />
        <div className={`h-5 w-48 ${bar}`} />
        <div className="overflow-hidden rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <div className="grid grid-cols-[8rem_repeat(3,minmax(10rem,1fr))] gap-3 sm:grid-cols-[12rem_repeat(3,minmax(10rem,1fr))]">
            <div />
            {[0, 1, 2].map((column) => (
              <div key={column} className="space-y-2">
                <div className={`aspect-square w-full max-w-36 rounded-lg ${bar}`} />
                <div className={`h-4 w-4/5 ${bar}`} />
                <div className={`h-3 w-1/3 ${bar}`} />
              </div>
            ))}
            {Array.from({ length: 8 }, (_, row) => (
              <div key={row} className="contents">
                <div className={`h-4 w-24 ${bar}`} />
                {[0, 1, 2].map((column) => (
                  <div key={column} className={`h-4 w-2/3 ${bar}`} />
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
