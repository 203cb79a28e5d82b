/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // Cache Components: catalogue reads are `"use cache"` functions tagged by what they read
  // (lib/server/catalog/cache.ts), so home, category and product pages are served from the cache and
  // admin writes revalidate them by tag. Per-user parts are client components.
  cacheComponents: true,
  partialPrefetching: true,
  poweredByHeader: false,
  // Next's two in-memory caches (rendered pages, "use cache" entries) in MB each: NEXT_CACHE_MB,
  // which the launcher sets from the memory limit (server/memory.ts); Next's default is 50.
  ...(/^\d+$/.test(process.env.NEXT_CACHE_MB?.trim() ?? "") ? { cacheMaxMemorySize: Number(process.env.NEXT_CACHE_MB) * 1024 * 1024 } : {}),
  // ETags: the page cache in front (server/serve.ts) sets them once per page; Next would hash
  // every page again on every request.
  generateEtags: false,
  experimental: {
    // Pages rendered at run time (products past the prerendered ones, category selections, search
    // queries) stay in Next's bounded in-memory cache instead of piling up under .next/ on disk.
    isrFlushToDisk: false,
    // Next buffers a request's body for proxy.ts (API requests with an Origin) up to this size:
    // the largest body any route reads (lib/api-routes.ts LARGEST_BODY_CAP, 3 MB; a unit test
    // keeps the two equal). The front door refuses a larger declared body before Next.
    proxyClientMaxBodySize: 3 * 1024 * 1024,
  },
  // Native modules and the Prisma runtime stay outside the server bundle.
  // pino and prom-client too: one copy of each per process, shared with the front door's bundle.
  // @react-pdf/renderer: its layout engine's WebAssembly and its font loading read files at run time.
  serverExternalPackages: ["@node-rs/argon2", "pg", "@prisma/adapter-pg", "pino", "prom-client", "@react-pdf/renderer"],
  // The fonts the invoices' PDFs embed (lib/server/billing/document-pdf.tsx), read by path at run time.
  outputFileTracingIncludes: {
    "/api/invoice/*": ["./node_modules/dejavu-fonts-ttf/ttf/DejaVuSansCondensed{,-Bold}.ttf"],
    "/api/credit-note/*": ["./node_modules/dejavu-fonts-ttf/ttf/DejaVuSansCondensed{,-Bold}.ttf"],
  },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
      // Pages get a CSP naming their inline scripts' hashes from server/serve.ts (lib/server/front-door/csp.ts);
      // API answers are data: nothing may run, load or frame them.
      {
        source: "/api/:path*",
        headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }],
      },
    ];
  },
};

export default nextConfig;
