import { SiteLogo } from "./site-logo";

// The shell's footer; the storefront issue fills in the spec's links and boxes.
export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
        <SiteLogo />
        <p>© 2024 Volt Electronics. All rights reserved.</p>
      </div>
    </footer>
  );
}
