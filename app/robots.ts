import type { MetadataRoute } from "next";
import { absoluteUrl } from "@/lib/site-url";

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/user-panel", "/admin-panel", "/success", "/cancel"] },
    sitemap: absoluteUrl("/sitemap.xml"),
  };
}
