import { confirmAddressSchema } from "@/lib/schemas";
import { requireUser } from "@/lib/server/accounts/auth";
import { ADDRESS_CONFIRMED_MESSAGE, confirmWithCode, confirmWithToken } from "@/lib/server/accounts/email-confirmation";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/confirm-address {token} — one of the store's own calls (docs/PRODUCT.md §7.4): the
// token of the link mailed at sign-up (or from My Account) confirms the account's address. No
// session needed: the link may be opened in another browser. The page /confirm-address posts it
// when its reader presses the button, so a mail scanner that fetches the link confirms nothing.
// POST /api/confirm-address {otp} — signed in: the code mailed by send-confirmation {by: "code"}
// (the checkout's, for cash on delivery) confirms the caller's own address; wrong guesses are
// counted per account (429 past them).
export const POST = handle(async (request) => {
  const body = await readBody(request, confirmAddressSchema);
  await throttle("confirmAddress", request);
  if (body.otp !== undefined) await confirmWithCode(await requireUser(request), body.otp);
  else await confirmWithToken(body.token!);
  return ok(null, ADDRESS_CONFIRMED_MESSAGE);
});
