import { reorderSpecDefinitionsSchema } from "@/lib/catalog/spec-schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { reorderSpecDefinitions } from "@/lib/server/catalog/specs";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/reorder-spec-definitions {category, keys} — admins only, beyond the spec: the order
// of a category's specifications on product pages, filters and comparisons (every key once).
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { category, keys } = await readBody(request, reorderSpecDefinitionsSchema);
  return ok(await reorderSpecDefinitions(category, keys), "Order saved");
});
