import { expect, test } from "./fixtures";

// The build's hashed files reach a real browser as `npm run build` compressed them
// (lib/server/front-door/static-files.ts): brotli, immutable for a year, with an ETag, and the
// page they make runs.

test("a page's scripts arrive brotli-compressed and immutable, and the page works", async ({ page }) => {
  const scripts: { url: string; headers: Record<string, string> }[] = [];
  page.on("response", async (response) => {
    if (new URL(response.url()).pathname.startsWith("/_next/static/") && response.request().resourceType() === "script") {
      scripts.push({ url: response.url(), headers: await response.allHeaders() });
    }
  });
  await page.goto("/");
  // Hydrated: a client-side link works.
  await page.getByRole("link", { name: "Mobiles" }).first().click();
  await expect(page).toHaveURL(/category=mobiles/);
  expect(scripts.length).toBeGreaterThan(3);
  for (const { url, headers } of scripts) {
    expect(headers["content-encoding"], url).toBe("br");
    expect(headers["cache-control"], url).toBe("public, max-age=31536000, immutable");
    expect(headers["content-type"], url).toBe("application/javascript; charset=utf-8");
    expect(headers.vary, url).toBe("Accept-Encoding");
    expect(headers.etag, url).toMatch(/^"[\w-]+-br"$/);
    expect(headers["x-content-type-options"], url).toBe("nosniff");
  }
});

test("an unknown static file is a plain 404, and a known one answers 304 to its ETag", async ({ request, page }) => {
  const missing = await request.get("/_next/static/chunks/not-a-chunk.js");
  expect(missing.status()).toBe(404);
  expect(missing.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(missing.headers()["cache-control"]).toBe("no-store");
  expect(await missing.text()).toBe("Not Found\n");

  await page.goto("/");
  const src = await page.locator('script[src^="/_next/static/"]').first().getAttribute("src");
  expect(src).toBeTruthy();
  const first = await request.get(src!, { headers: { "accept-encoding": "br" } });
  expect(first.status()).toBe(200);
  const again = await request.get(src!, { headers: { "accept-encoding": "br", "if-none-match": first.headers().etag! } });
  expect(again.status()).toBe(304);
});
