import { HeaderAccount } from "./header-account";
import { SiteLogo } from "./site-logo";

// The shell's fixed header. The storefront issue adds the search box, the avatar dropdown and
// the wishlist and cart counts.
export function SiteHeader() {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 shadow-sm backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-4 px-4">
        <SiteLogo />
        <HeaderAccount />
      </div>
    </header>
  );
}
