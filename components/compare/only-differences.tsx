"use client";

import { useId, useState } from "react";

/**
 * "Show only differences" over the comparison table (rendered on the server, passed as children):
 * ticked, the rows whose values are all the same (marked data-same) are hidden by a class, so
 * nothing is rendered again.
 */
export function OnlyDifferences({ children }: { children: React.ReactNode }) {
  const [only, setOnly] = useState(false);
  const id = useId();
  return (
    <div className="space-y-3">
      <p className="flex items-center gap-2">
        <input id={id} type="checkbox" checked={only} onChange={(event) => setOnly(event.target.checked)} className="h-4 w-4 accent-brand-600" />
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          Show only differences
        </label>
      </p>
      <div className={only ? "[&_[data-same]]:hidden" : undefined} data-only-differences={only || undefined}>
        {children}
      </div>
    </div>
  );
}
