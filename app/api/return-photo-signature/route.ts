import { requireShopper } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";
import { signReturnPhotoUpload } from "@/lib/server/providers/images";

// POST /api/return-photo-signature — shoppers, beyond the spec: a signed, one-hour upload of one
// photo for a return request straight to the image host (its own folder, images only), as
// /api/upload-signature is for product images. The browser posts the file with `fields` to `url`
// and sends the `secure_url` it gets back with the request.
export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  await throttle("checkout", request, user.id);
  return ok(signReturnPhotoUpload(), "Upload signature");
});
