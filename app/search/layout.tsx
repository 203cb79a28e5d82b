import { Suspense } from "react";
import { SearchBox, SearchBoxFallback } from "@/components/layout/search-box";

// The phone's search field lives here, above the per-query pages (/search/{key}), so it stays
// mounted, focused and typing while each keystroke moves to the next query's page; inside the
// page it was a new field per query, which dropped the letters typed while a page changed.
export default function SearchLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-6">
      <Suspense fallback={<SearchBoxFallback className="md:hidden" />}>
        <SearchBox id="page-search" className="md:hidden" focusWhenEmpty />
      </Suspense>
      {children}
    </div>
  );
}
