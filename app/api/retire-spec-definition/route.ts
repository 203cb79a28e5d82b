import { retireSpecDefinitionSchema } from "@/lib/catalog/spec-schemas";
import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { setSpecDefinitionRetired } from "@/lib/server/catalog/specs";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// POST /api/retire-spec-definition {id, retired} — admins only, beyond the spec: a retired
// specification leaves product pages, filters and comparisons; products keep their values, and
// bringing it back (retired: false) shows them again.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  const { id, retired } = await readBody(request, retireSpecDefinitionSchema);
  return ok(await setSpecDefinitionRetired(id, retired), retired ? "Specification retired" : "Specification restored");
});
