import { requireAdminWrite } from "@/lib/server/auth";
import { handle, ok } from "@/lib/server/http";
import { signProductUpload } from "@/lib/server/images";

// POST /api/upload-signature — admins only: a signed, one-hour upload of one product image
// straight to the image host (fixed folder, images only). The browser posts the file with
// `fields` to `url` and keeps the `secure_url` it gets back.
export const POST = handle(async (request) => {
  await requireAdminWrite(request);
  return ok(signProductUpload(), "Upload signature");
});
