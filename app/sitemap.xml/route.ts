import { sitemapRoot } from "@/lib/server/catalog/sitemap";

// GET /sitemap.xml — every category and product (an index of files past 45 000 URLs).
export async function GET() {
  return sitemapRoot();
}
