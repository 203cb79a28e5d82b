import { specCategoryQuerySchema } from "@/lib/catalog/spec-schemas";
import { renderPerRequest } from "@/lib/server/catalog/cache";
import { specDefinitionsCached } from "@/lib/server/catalog/specs";
import { cacheable, handle, ok, readQuery } from "@/lib/server/platform/http";

// GET /api/spec-definitions?category=mobiles — beyond the spec, public: a category's live
// specification definitions in order (key, label, group, type, unit, choices, bounds, filter ranges,
// whether filterable and comparable, which way is better). Catalogue data: cached with the catalogue.
export const GET = handle(async (request) => {
  await renderPerRequest();
  const { category } = readQuery(request, specCategoryQuerySchema);
  const definitions = await specDefinitionsCached(category);
  return cacheable(request, ok(definitions.map(({ id: _id, retired: _retired, ...definition }) => definition), "Specifications"));
});
