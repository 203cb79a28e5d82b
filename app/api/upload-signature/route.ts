import { requireAdminWrite } from "@/lib/server/accounts/auth";
import { handle, ok } from "@/lib/server/platform/http";
import { signProductUpload } from "@/lib/server/providers/images";

// POST /api/upload-signature — admins only: a signed, one-hour upload of one product image
// straight to the image host (fixed folder, images only). The browser posts the file with
// `fields` to `url` and keeps the `secure_url` it gets back.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  return ok(signProductUpload(), "Upload signature");
});
