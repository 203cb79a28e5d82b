import "server-only";
import { CATEGORY_VALUES } from "@/lib/catalog/categories";
import { categoryFilterHref, categoryFilterOf } from "@/lib/catalog/category-filter";
import { SITEMAP_URLS_PER_FILE } from "@/lib/constants";
import { absoluteUrl } from "@/lib/site-url";
import { countProducts, sitemapProductUrls } from "./catalog";

// sitemap.xml lists the home page, every category and every product. Past one file's worth
// (45 000 URLs, under the protocol's 50 000) it becomes an index of /sitemaps/pages.xml and
// /sitemaps/products-N.xml.

type Entry = { path: string; lastModified?: string };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function xmlResponse(body: string): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}

function urlLines(entries: Entry[]): string {
  return entries
    .map((entry) => `<url><loc>${escapeXml(absoluteUrl(entry.path))}</loc>${entry.lastModified ? `<lastmod>${entry.lastModified}</lastmod>` : ""}</url>`)
    .join("\n");
}

function urlset(...lines: string[]): Response {
  return xmlResponse(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.filter(Boolean).join("\n")}\n</urlset>`);
}

function pageEntries(): Entry[] {
  return [
    { path: "/" },
    ...CATEGORY_VALUES.map((category) => ({ path: categoryFilterHref(categoryFilterOf([category])) })),
  ];
}

/** One file's product lines, made by the database (ids are UUIDs: nothing in them to escape). */
async function productLines(file: number, perFile: number): Promise<string> {
  return (await sitemapProductUrls(file * perFile, perFile, escapeXml(absoluteUrl("/product/")))).xml;
}

/** `perFile`: addresses per file (tests pass a small one to see the split without 45 000 products). */
export async function sitemapRoot(perFile = SITEMAP_URLS_PER_FILE): Promise<Response> {
  const total = await countProducts();
  if (total + pageEntries().length <= perFile) {
    return urlset(urlLines(pageEntries()), await productLines(0, perFile));
  }
  const files = ["/sitemaps/pages.xml", ...Array.from({ length: Math.ceil(total / perFile) }, (_, index) => `/sitemaps/products-${index + 1}.xml`)];
  const body = files.map((file) => `<sitemap><loc>${escapeXml(absoluteUrl(file))}</loc></sitemap>`).join("\n");
  return xmlResponse(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>`);
}

/** One file of the index, or null when there is no such file. */
export async function sitemapFile(name: string, perFile = SITEMAP_URLS_PER_FILE): Promise<Response | null> {
  if (name === "pages.xml") return urlset(urlLines(pageEntries()));
  const match = /^products-(\d{1,6})\.xml$/.exec(name);
  if (!match) return null;
  const file = Number(match[1]) - 1;
  if (file < 0 || file * perFile >= (await countProducts())) return null;
  return urlset(await productLines(file, perFile));
}
