import { archiveProductSchema } from "@/lib/schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { setProductArchived } from "@/lib/server/catalog/catalog-admin";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/archive-product {productId, archived} — admins only, beyond the spec: retire a product
// (it leaves every shopper-facing list and page, and can no longer be bought) or restore it.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { productId, archived } = await readBody(request, archiveProductSchema);
  return ok(await setProductArchived(productId, archived), archived ? "Product archived" : "Product restored");
});
