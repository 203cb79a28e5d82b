import { signInSchema } from "@/lib/schemas";
import { endSession, setSessionCookie, startSession } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { clientAddress } from "@/lib/server/platform/client-address";
import { signInThrottled } from "@/lib/server/accounts/sign-in";
import { toPublicUser } from "@/lib/server/accounts/users";

// POST /api/signin — docs/PRODUCT.md §7.2. One message for an unknown email and a wrong password; too many
// failures for the account or from the address answer 429 with Retry-After. A sign-in from a
// browser that is signed in already (an admin switching to a shopper account) ends that session.
export const POST = handle(async (request) => {
  const body = await readBody(request, signInSchema);
  const user = await signInThrottled(body.email, body.password, clientAddress(request.headers));
  await endSession(request);
  const response = ok(toPublicUser(user), "Login successfully");
  await setSessionCookie(response, user, await startSession(user));
  return response;
});
