import { addressSchema } from "@/lib/delivery/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { addAddress, listAddresses } from "@/lib/server/delivery/addresses";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// GET /api/addresses, POST /api/addresses {address} — beyond the spec: the caller's own address
// book (lib/server/delivery/addresses.ts). A PIN the directory does not know is saved with a
// warning in `data.warnings`; one in another state than the chosen one is a 422 until confirmed.
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok(await listAddresses(user.id), "Addresses");
});

export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const input = await readBody(request, addressSchema);
  const { address, warnings, created } = await addAddress(user.id, input);
  // The same address again is the one in the book (200), not a second copy.
  return ok({ ...address, warnings }, created ? "Address saved" : "This address is in your book already", { status: created ? 201 : 200 });
});
