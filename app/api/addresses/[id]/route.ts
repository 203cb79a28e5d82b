import { addressSchema } from "@/lib/delivery/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { deleteAddress, updateAddress } from "@/lib/server/delivery/addresses";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// PUT /api/addresses/{id} {address}, DELETE /api/addresses/{id} — beyond the spec: one of the
// caller's own addresses (another's is a 404). Deleting the default makes the oldest left the default.
type Context = { params: Promise<{ id: string }> };

export const PUT = handle<Context>(async (request, context) => {
  const user = await requireShopper(request);
  const { id } = await context.params;
  const input = await readBody(request, addressSchema);
  const { address, warnings } = await updateAddress(user.id, id, input);
  return ok({ ...address, warnings }, "Address saved");
});

export const DELETE = handle<Context>(async (request, context) => {
  const user = await requireShopper(request);
  const { id } = await context.params;
  await deleteAddress(user.id, id);
  return ok(null, "Address deleted");
});
