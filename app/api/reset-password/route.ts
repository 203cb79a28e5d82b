import { resetPasswordSchema } from "@/lib/schemas";
import { afterResponse } from "@/lib/server/platform/after-response";
import { clearSessionCookie, readCookie, RESET_GRANT_COOKIE, RESET_GRANT_PATH } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { passwordChangedEmail, sendMail } from "@/lib/server/providers/mail";
import { mailsMayQuote } from "@/lib/server/accounts/email-confirmation";
import { assertAcceptablePassword } from "@/lib/server/accounts/password-policy";
import { resetPasswordWithGrant } from "@/lib/server/accounts/password-reset";
import { clearSignInFailures } from "@/lib/server/accounts/sign-in";
import { usesSecureCookies } from "@/lib/accounts/session-cookie";

// POST /api/reset-password {email, password, confirmPwd?} — docs/PRODUCT.md §7.2, with proof (§4.6): the grant
// cookie of a verified code. Every session of the user ends; a notice goes by mail.
export const POST = handle(async (request) => {
  const body = await readBody(request, resetPasswordSchema);
  assertAcceptablePassword(body.password);
  const user = await resetPasswordWithGrant(readCookie(request.headers.get("cookie"), RESET_GRANT_COOKIE), body.email, body.password);
  await clearSignInFailures(user.email);
  afterResponse("password-changed mail", async () => sendMail({ to: user.email, ...(await passwordChangedEmail(mailsMayQuote(user) ? user.name : "")) }));
  const response = ok(null, "Your password has been changed. Please sign in.");
  response.cookies.set(RESET_GRANT_COOKIE, "", { httpOnly: true, sameSite: "strict", secure: usesSecureCookies(), path: RESET_GRANT_PATH, maxAge: 0 });
  clearSessionCookie(response);
  return response;
});
