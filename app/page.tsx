import type { Metadata } from "next";
import { Suspense } from "react";
import { BannerCarousel } from "@/components/banner-carousel";
import { CategoryStrip, CategoryStripSkeleton } from "@/components/category-strip";
import { ProductRow, ProductRowSkeleton } from "@/components/product-row";
import { HOME_ROWS } from "@/lib/categories";
import { listCategoryStrip, listProductsByCategory } from "@/lib/server/catalog";

export const metadata: Metadata = {
  title: { absolute: "Volt Electronics — phones, audio, TVs and more" },
  alternates: { canonical: "/" },
  openGraph: { url: "/", title: "Volt Electronics", description: "Phones, earphones, watches, televisions, cameras and more, with secure card checkout." },
};

// SPEC 2: the category strip, the banner carousel and the ten product rows. Every read is a
// cached catalogue read, so the whole page is prerendered and revalidated by tag.
export default function HomePage() {
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-6">
      <h1 className="sr-only">Volt Electronics: shop electronics online</h1>
      <Suspense fallback={<CategoryStripSkeleton />}>
        <HomeCategoryStrip />
      </Suspense>
      <BannerCarousel />
      {HOME_ROWS.map((row) => (
        <Suspense key={row.category} fallback={<ProductRowSkeleton heading={row.heading} />}>
          <HomeRow category={row.category} heading={row.heading} />
        </Suspense>
      ))}
    </div>
  );
}

async function HomeCategoryStrip() {
  return <CategoryStrip items={await listCategoryStrip()} />;
}

async function HomeRow({ category, heading }: { category: string; heading: string }) {
  return <ProductRow id={`row-${category}`} heading={heading} products={await listProductsByCategory(category)} />;
}
