import { signInSchema } from "@/lib/schemas";
import { setSessionCookie } from "@/lib/server/auth";
import { handle, ok, readBody, unauthorized } from "@/lib/server/http";
import { INVALID_CREDENTIALS_MESSAGE, toPublicUser, verifyCredentials } from "@/lib/server/users";

// POST /api/signin — SPEC 7. One message for an unknown email and a wrong password.
export const POST = handle(async (request) => {
  const body = await readBody(request, signInSchema);
  const user = await verifyCredentials(body.email, body.password);
  if (!user) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  const response = ok(toPublicUser(user), "Login successfully");
  await setSessionCookie(response, user);
  return response;
});
