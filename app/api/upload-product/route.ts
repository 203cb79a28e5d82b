import { productBodySchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { createProduct } from "@/lib/server/catalog/catalog-admin";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/upload-product — docs/PRODUCT.md §7.2, admins only: a new product (prices in rupees, images from
// the image host). Field problems answer 400 with `errors` by field.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const input = await readBody(request, productBodySchema);
  return ok(await createProduct(input), "Product uploaded successfully", { status: 201 });
});
