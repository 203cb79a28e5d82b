import { notFound, permanentRedirect } from "next/navigation";
import { canonicalProductId } from "@/lib/canonical-path";
import { RetiredProductProvider } from "@/components/catalog/retired-product";
import { categoryFilterHref, categoryFilterOf } from "@/lib/catalog/category-filter";
import { categoryLabel, isCategory } from "@/lib/catalog/categories";
import { getProductWithSpecs } from "@/lib/server/catalog/specs";

// The product's existence is settled here, before anything of the page is sent, so an unknown or
// malformed id answers with a real 404 status.
// A product not prerendered at build is rendered whole on its first visit (no fallback shell),
// so that visit already gets the right status and content; later ones are served from the cache.
export const ensureStatic = "navigation";

export default async function ProductLayout({ params, children }: { params: Promise<{ id: string }>; children: React.ReactNode }) {
  const { id } = await params;
  // One address per product (hosts without the production server's front door, which redirects
  // before Next): another spelling of the id is sent to it rather than cached as a page of its own.
  if (id !== canonicalProductId(id)) permanentRedirect(`/product/${encodeURIComponent(canonicalProductId(id))}`);
  // The page's own cache entry (one read of the product per render, the page's and the layout's).
  const product = (await getProductWithSpecs(id))?.product;
  if (!product) notFound();
  // A retired product: the page answers 404 (page.tsx), and its not-found offers the category.
  if (product.archived) {
    const categoryHref = isCategory(product.category) ? categoryFilterHref(categoryFilterOf([product.category])) : "/category-product";
    return <RetiredProductProvider value={{ name: product.productName, categoryHref, categoryLabel: categoryLabel(product.category) }}>{children}</RetiredProductProvider>;
  }
  return children;
}
