import { OTP_VALIDITY_SECONDS } from "@/lib/constants";
import { sendOtpSchema } from "@/lib/schemas";
import { afterResponse } from "@/lib/server/after-response";
import { handle, ok, readBody } from "@/lib/server/http";
import { otpEmail, sendMail } from "@/lib/server/mail";
import { issueResetCode, SEND_OTP_MESSAGE } from "@/lib/server/password-reset";

// POST /api/send-otp {email} — SPEC 7. The same answer, in about the same time, whether or not
// the email has an account: the code goes out by mail after the answer.
export const POST = handle(async (request) => {
  const { email } = await readBody(request, sendOtpSchema);
  const issued = await issueResetCode(email);
  if (issued) {
    const { user, code } = issued;
    afterResponse("send-otp mail", () => sendMail({ to: user.email, ...otpEmail(code, OTP_VALIDITY_SECONDS / 60) }));
  }
  return ok(null, SEND_OTP_MESSAGE);
});
