import { cacheable, handle, notFound, okWith } from "@/lib/server/platform/http";
import { getProduct } from "@/lib/server/catalog/catalog";

// GET /api/get-single-product-details/{id} — docs/PRODUCT.md §7.2: the product under `product`; 404 when the
// id is unknown or not an id at all.
export const GET = handle<{ params: Promise<{ id: string }> }>(async (request, context) => {
  const { id } = await context.params;
  const product = await getProduct(id);
  // A retired (archived) product is gone for shoppers: the same 404.
  if (!product || product.archived) throw notFound("Product not found");
  return cacheable(request, okWith({ product }, "Product details"));
});
