import { productUpdateSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { updateProduct } from "@/lib/server/catalog/catalog-admin";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { sendDueAlertsSoon } from "@/lib/server/shop-lists/alerts";

// PUT /api/update-product — docs/PRODUCT.md §7.2, admins only: the same fields as upload-product plus `_id`
// (beyond the spec: `stock`, and `stockWas`, the count the form was opened with, which guards it).
export const PUT = handle(async (request) => {
  await requireAdminWrite(request);
  const { _id, stockWas, ...input } = await readBody(request, productUpdateSchema);
  const product = await updateProduct(_id, input, stockWas);
  // A price drop or a restock marks the product's wishlist alerts due (a trigger): sent after the answer.
  sendDueAlertsSoon();
  return ok(product, "Product updated successfully");
});
