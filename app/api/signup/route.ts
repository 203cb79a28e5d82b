import { signUpSchema } from "@/lib/schemas";
import { handle, ok, readBody } from "@/lib/server/http";
import { createUser, toPublicUser } from "@/lib/server/users";

// POST /api/signup — SPEC 7. The role is always USER; a `role` in the body is ignored.
export const POST = handle(async (request) => {
  const body = await readBody(request, signUpSchema);
  const user = await createUser({
    name: body.name,
    email: body.email,
    contact: body.contact,
    password: body.password,
    profilePic: body.profilepic,
  });
  return ok(toPublicUser(user), "User created successfully!", { status: 201 });
});
