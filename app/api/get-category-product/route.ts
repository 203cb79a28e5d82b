import { renderPerRequest } from "@/lib/server/catalog/cache";
import { cacheable, handle, ok } from "@/lib/server/platform/http";
import { listCategoryStrip } from "@/lib/server/catalog/catalog";

// GET /api/get-category-product — docs/PRODUCT.md §7.2: one { category, productImage } per category with
// products. Answered per request (its image addresses are absolute, from the running store's
// SITE_URL, not the build's); the list itself comes from the catalogue cache.
export const GET = handle(async (request) => {
  await renderPerRequest();
  return cacheable(request, ok(await listCategoryStrip(), "Category products"));
});
