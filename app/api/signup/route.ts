import { signUpSchema } from "@/lib/schemas";
import { handle, ok, readBody } from "@/lib/server/http";
import { uploadProfilePicture } from "@/lib/server/images";
import { assertAcceptablePassword } from "@/lib/server/password-policy";
import { assertEmailFree, createUser, toPublicUser } from "@/lib/server/users";

// POST /api/signup — SPEC 7. The role is always USER; a `role` in the body is ignored. The
// picture (a data URL) is checked and stored by the images provider; the user keeps its URL.
export const POST = handle(async (request) => {
  const body = await readBody(request, signUpSchema);
  assertAcceptablePassword(body.password);
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
  return ok(toPublicUser(user), "User created successfully!", { status: 201 });
});
