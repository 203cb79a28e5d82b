import { sitemapFile } from "@/lib/server/catalog/sitemap";

// GET /sitemaps/pages.xml and /sitemaps/products-N.xml — the files of a large sitemap index.
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const response = await sitemapFile((await params).file);
  return response ?? new Response("Not found", { status: 404 });
}
