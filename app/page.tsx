import type { Metadata } from "next";
import { preload } from "react-dom";
import { BannerCarousel } from "@/components/catalog/banner-carousel";
import { CategoryStrip } from "@/components/layout/category-strip";
import { ProductRow } from "@/components/catalog/product-row";
import { BANNER_SLIDES, DESKTOP_MEDIA, MOBILE_MEDIA } from "@/lib/catalog/banners";
import { HOME_ROWS } from "@/lib/catalog/categories";
import { HOME_SERVER_ROWS } from "@/lib/constants";
import { LazyProductRow } from "@/components/catalog/lazy-product-row";
import { RecentlyViewedRow } from "@/components/catalog/recently-viewed";
import { listCategoryStrip, listProductsByCategory } from "@/lib/server/catalog/catalog";
import { SITE_OPEN_GRAPH } from "@/lib/shared/open-graph";

export const metadata: Metadata = {
  title: { absolute: "Volt Electronics — phones, audio, TVs and more" },
  alternates: { canonical: "/" },
  openGraph: { ...SITE_OPEN_GRAPH, url: "/", title: "Volt Electronics", description: "Phones, earphones, watches, televisions, cameras and more, with secure card checkout." },
};

// docs/PRODUCT.md §2.2: the category strip, the banner carousel and the ten product rows. Every read is a
// cached catalogue read, so the whole page is prerendered and revalidated by tag. The rows past
// the first screens load their cards as they near the viewport (from the same cached read through
// the category endpoint): the HTML, the DOM and the hydration work stay a third of what ten
// server-rendered rows cost, which is what Lighthouse's mobile profile measures. The strip and the
// first rows sit outside Suspense on purpose: they are cached reads, so they belong to the
// prerendered shell and paint with it (behind a boundary React would stream them as hidden HTML
// and reveal them later with a script).
export default function HomePage() {
  // The first banner is the page's Largest Contentful Paint: fetched first, before the fonts and
  // the strip's images (the browser cannot see it through <picture> until it parses that far).
  const [first] = BANNER_SLIDES;
  if (first) {
    preload(first.mobile, { as: "image", fetchPriority: "high", media: MOBILE_MEDIA });
    preload(first.desktop, { as: "image", fetchPriority: "high", media: DESKTOP_MEDIA });
  }
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-6">
      <h1 className="sr-only">Volt Electronics: shop electronics online</h1>
      <HomeCategoryStrip />
      <BannerCarousel />
      {HOME_ROWS.map((row, index) =>
        index < HOME_SERVER_ROWS ? (
          <HomeRow key={row.category} category={row.category} heading={row.heading} />
        ) : (
          <LazyProductRow key={row.category} category={row.category} heading={row.heading} />
        ),
      )}
      {/* Last: it appears only in the browser, and nothing above it moves when it does. */}
      <RecentlyViewedRow />
    </div>
  );
}

async function HomeCategoryStrip() {
  return <CategoryStrip items={await listCategoryStrip()} />;
}

async function HomeRow({ category, heading }: { category: string; heading: string }) {
  return <ProductRow id={`row-${category}`} heading={heading} products={await listProductsByCategory(category)} />;
}
