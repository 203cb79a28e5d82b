import type { Metadata, Viewport } from "next";
import { Suspense } from "react";

import { AppProviders } from "@/components/app-providers";
import { CompareBar } from "@/components/compare/compare-bar";
import { InlineScript } from "@/components/ui/inline-script";
import { PendingPage } from "@/components/layout/navigation-pending";
import { SiteFooter } from "@/components/layout/site-footer";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { FocusMainHeading } from "@/components/layout/focus-main-heading";
import { SiteHeader } from "@/components/layout/site-header";
import { HEADER_SHAPE_KEY, SIGNED_IN_HINT_COOKIE } from "@/lib/accounts/session-cookie";
import { siteUrl } from "@/lib/site-url";
import "./globals.css";
import { SITE_OPEN_GRAPH } from "@/lib/shared/open-graph";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: "Volt Electronics — phones, audio, TVs and more", template: "%s | Volt Electronics" },
  description: "Shop mobiles, earphones, watches, televisions, cameras and more at Volt Electronics, with secure card checkout.",
  openGraph: SITE_OPEN_GRAPH,
};

export const viewport: Viewport = { themeColor: "#e11d48", width: "device-width", initialScale: 1 };

// Runs before the first paint: a visitor with the sign-in hint cookie gets data-signed-in on <html>
// (its value: the header's last shape, "admin" or "shopper"), so the prerendered header shows the
// signed-in placeholder rather than "Sign In" (globals.css, components/layout/header-account.tsx) and
// does not change size when the account arrives. The pages stay static; only the browser reads it.
const SIGNED_IN_SCRIPT = `if(document.cookie.split("; ").some(function(c){return c.indexOf(${JSON.stringify(`${SIGNED_IN_HINT_COOKIE}=1`)})===0})){var s="";try{s=localStorage.getItem(${JSON.stringify(HEADER_SHAPE_KEY)})||""}catch(e){}document.documentElement.setAttribute("data-signed-in",s)}`;

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN" suppressHydrationWarning>
      <head>
        <InlineScript code={SIGNED_IN_SCRIPT} />
      </head>
      <body className="flex min-h-screen flex-col font-sans">
        <AppProviders>
          {/* It reads the path: on a route whose params are known only at request time (an admin
              order page) that waits for the request, so it has a boundary of its own. */}
          <Suspense fallback={null}>
            <ScrollToTop />
            <FocusMainHeading />
          </Suspense>
          <SiteHeader />
          <main id="main" className="flex-1 pt-16 print:pt-0">
            <PendingPage>{children}</PendingPage>
          </main>
          <SiteFooter />
          {/* The shopper's compare list, last in the page (it reads the path, as above). */}
          <Suspense fallback={null}>
            <CompareBar />
          </Suspense>
        </AppProviders>
      </body>
    </html>
  );
}
