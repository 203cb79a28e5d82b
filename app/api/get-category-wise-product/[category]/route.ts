import { handle, okWith, readQuery } from "@/lib/server/http";
import { listProductsByCategory } from "@/lib/server/catalog";
import { pageQuerySchema } from "@/lib/schemas";
import { HOME_ROW_LIMIT } from "@/lib/constants";

// GET /api/get-category-wise-product/{category}[?limit=] — SPEC 7: the list under `product`,
// newest first and bounded; an unknown category is an empty list.
export const GET = handle<{ params: Promise<{ category: string }> }>(async (request, context) => {
  const { category } = await context.params;
  const { limit } = readQuery(request, pageQuerySchema);
  return okWith({ product: await listProductsByCategory(category, limit ?? HOME_ROW_LIMIT) }, "Category products");
});
