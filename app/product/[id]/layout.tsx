import { notFound } from "next/navigation";
import { getProduct } from "@/lib/server/catalog";

// The product's existence is settled here, before anything of the page is sent, so an unknown or
// malformed id answers with a real 404 status.
// A product not prerendered at build is rendered whole on its first visit (no fallback shell),
// so that visit already gets the right status and content; later ones are served from the cache.
export const ensureStatic = "navigation";

export default async function ProductLayout({ params, children }: { params: Promise<{ id: string }>; children: React.ReactNode }) {
  const { id } = await params;
  if (!(await getProduct(id))) notFound();
  return children;
}
