import { productUpdateSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { updateProduct } from "@/lib/server/catalog/catalog-admin";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// PUT /api/update-product — docs/PRODUCT.md §7.2, admins only: the same fields as upload-product plus `_id`.
export const PUT = handle(async (request) => {
  await requireAdminWrite(request);
  const { _id, ...input } = await readBody(request, productUpdateSchema);
  return ok(await updateProduct(_id, input), "Product updated successfully");
});
