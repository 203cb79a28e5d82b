import { productUpdateSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { updateProduct } from "@/lib/server/catalog/catalog-admin";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// PUT /api/update-product — docs/PRODUCT.md §7.2, admins only: the same fields as upload-product plus `_id`
// (beyond the spec: `stock`, and `stockWas`, the count the form was opened with, which guards it).
export const PUT = handle(async (request) => {
  await requireAdminWrite(request);
  const { _id, stockWas, ...input } = await readBody(request, productUpdateSchema);
  return ok(await updateProduct(_id, input, stockWas), "Product updated successfully");
});
