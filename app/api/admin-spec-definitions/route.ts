import { createSpecDefinitionSchema, specCategoryQuerySchema, updateSpecDefinitionSchema } from "@/lib/catalog/spec-schemas";
import { requireAdmin, requireAdminWrite } from "@/lib/server/accounts/auth";
import { createSpecDefinition, listSpecDefinitions, updateSpecDefinition } from "@/lib/server/catalog/specs";
import { handle, ok, readBody, readQuery } from "@/lib/server/platform/http";

// /api/admin-spec-definitions — admins only, beyond the spec: a category's specification
// definitions, retired ones included (GET ?category=…); a new one (POST {category, key, label,
// group, type, …}: 201, 409 for a key the category has); a change (PUT {id, …}: its key and type stay).
export const GET = handle(async (request) => {
  await requireAdmin(request);
  const { category } = readQuery(request, specCategoryQuerySchema);
  return ok(await listSpecDefinitions(category, true), "Specifications");
});

export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { category, ...input } = await readBody(request, createSpecDefinitionSchema);
  return ok(await createSpecDefinition(category, input), "Specification added", { status: 201 });
});

export const PUT = handle(async (request) => {
  await requireAdminWrite(request);
  const { id, ...input } = await readBody(request, updateSpecDefinitionSchema);
  return ok(await updateSpecDefinition(id, input), "Specification saved");
});
