import { returnPhotoSignatureSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { checkReturnable } from "@/lib/server/orders/returns";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";
import { signReturnPhotoUpload } from "@/lib/server/providers/images";

// POST /api/return-photo-signature {orderId} — shoppers, beyond the spec: a signed, one-hour
// upload of one photo for a return request of their own delivered order, inside its window with
// no request open (404 for another's order, 409 otherwise), straight to the image host (its own
// folder, images only, the public id prefixed with the shopper's id so that only their own
// request accepts it), as /api/upload-signature is for product images. The browser posts the
// file with `fields` to `url` and sends the `secure_url` it gets back with the request.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { orderId } = await readBody(request, returnPhotoSignatureSchema);
  await throttle("returnPhoto", request, user.id);
  await checkReturnable(orderId, user.id);
  return ok(signReturnPhotoUpload(user.id), "Upload signature");
});
