import { IntentLink } from "@/components/layout/intent-link";
import { Suspense } from "react";
import { HeaderAccount } from "./header-account";
import { SearchBox, SearchBoxFallback, SearchIcon } from "./search-box";
import { SiteLogo } from "./site-logo";

/** docs/PRODUCT.md §2.1: the fixed header. Everything per-user is a client leaf, so every page stays cacheable. */
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b print:hidden border-slate-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4">
        <SiteLogo compact />
        <Suspense fallback={<SearchBoxFallback className="hidden w-full max-w-sm md:block" />}>
          <SearchBox className="hidden w-full max-w-sm md:flex" />
        </Suspense>
        <div className="flex items-center gap-2">
          <IntentLink href="/search" aria-label="Search products" className="grid h-9 w-9 place-items-center rounded-full hover:bg-slate-100 md:hidden">
            <SearchIcon className="h-5 w-5" />
          </IntentLink>
          <HeaderAccount />
        </div>
      </div>
    </header>
  );
}
