import type { Metadata, Viewport } from "next";
import { GeistSans } from "geist/font/sans";
import { AppProviders } from "@/components/app-providers";
import { SiteFooter } from "@/components/site-footer";
import { SiteHeader } from "@/components/site-header";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(process.env.SITE_URL ?? "http://localhost:3000"),
  title: { default: "Volt Electronics — phones, audio, TVs and more", template: "%s | Volt Electronics" },
  description: "Shop mobiles, earphones, watches, televisions, cameras and more at Volt Electronics, with secure card checkout.",
};

export const viewport: Viewport = { themeColor: "#e11d48", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-IN" className={GeistSans.variable}>
      <body className="flex min-h-screen flex-col font-sans">
        <AppProviders>
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
