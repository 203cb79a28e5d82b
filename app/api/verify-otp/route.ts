import { RESET_GRANT_SECONDS } from "@/lib/constants";
import { verifyOtpSchema } from "@/lib/schemas";
import { RESET_GRANT_COOKIE, RESET_GRANT_PATH } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { verifyResetCode } from "@/lib/server/accounts/password-reset";
import { throttle } from "@/lib/server/platform/throttle";
import { usesSecureCookies } from "@/lib/accounts/session-cookie";

// POST /api/verify-otp {email, otp} — docs/PRODUCT.md §7.2. A right code answers with the reset grant in an
// HttpOnly cookie that only /api/reset-password receives.
export const POST = handle(async (request) => {
  const { email, otp } = await readBody(request, verifyOtpSchema);
  await throttle("verifyOtp", request);
  const grant = await verifyResetCode(email, otp);
  const response = ok(null, "Code verified. Choose a new password.");
  response.cookies.set(RESET_GRANT_COOKIE, grant, {
    httpOnly: true,
    sameSite: "strict",
    secure: usesSecureCookies(),
    path: RESET_GRANT_PATH,
    maxAge: RESET_GRANT_SECONDS,
  });
  return response;
});
