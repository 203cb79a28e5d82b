import type { Metadata, Viewport } from "next";

import { AppProviders } from "@/components/app-providers";
import { SiteFooter } from "@/components/site-footer";
import { ScrollToTop } from "@/components/scroll-to-top";
import { SiteHeader } from "@/components/site-header";
import { siteUrl } from "@/lib/site-url";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: "Volt Electronics — phones, audio, TVs and more", template: "%s | Volt Electronics" },
  description: "Shop mobiles, earphones, watches, televisions, cameras and more at Volt Electronics, with secure card checkout.",
  openGraph: { type: "website", siteName: "Volt Electronics", locale: "en_IN" },
};

export const viewport: Viewport = { themeColor: "#e11d48", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN">
      <body className="flex min-h-screen flex-col font-sans">
        <AppProviders>
          <ScrollToTop />
          <SiteHeader />
          <main id="main" className="flex-1 pt-16">
            {children}
          </main>
          <SiteFooter />
        </AppProviders>
      </body>
    </html>
  );
}
