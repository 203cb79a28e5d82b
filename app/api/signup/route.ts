import { signUpSchema } from "@/lib/schemas";
import { PICTURE_BODY_MAX_BYTES } from "@/lib/constants";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { uploadProfilePicture } from "@/lib/server/providers/images";
import { mailConfirmationLink } from "@/lib/server/accounts/email-confirmation";
import { afterResponse } from "@/lib/server/platform/after-response";
import { assertAcceptablePassword } from "@/lib/server/accounts/password-policy";
import { throttle } from "@/lib/server/platform/throttle";
import { assertEmailFree, createUser, toPublicUser } from "@/lib/server/accounts/users";

// POST /api/signup — docs/PRODUCT.md §7.2. The role is always USER; a `role` in the body is ignored. The
// picture (a data URL) is checked and stored by the images provider; the user keeps its URL.
export const POST = handle(async (request) => {
  const body = await readBody(request, signUpSchema, PICTURE_BODY_MAX_BYTES);
  assertAcceptablePassword(body.password);
  // Counted before the Argon2 hash and the upload, and before the taken-email answer (409).
  await throttle("signup", request);
  // A taken email is refused before the picture is uploaded (no orphaned uploads).
  await assertEmailFree(body.email);
  const profilePic = body.profilepic ? await uploadProfilePicture(body.profilepic) : "";
  const user = await createUser({
    name: body.name,
    email: body.email,
    contact: body.contact,
    password: body.password,
    profilePic,
  });
  // The address is not confirmed yet (signing in is not blocked by it): a link to confirm it goes out after the answer.
  afterResponse("confirmation link", () => mailConfirmationLink(user));
  return ok(toPublicUser(user), "User created successfully!", { status: 201 });
});
