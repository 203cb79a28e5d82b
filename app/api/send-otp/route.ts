import { OTP_VALIDITY_SECONDS } from "@/lib/constants";
import { sendOtpSchema } from "@/lib/schemas";
import { afterResponse } from "@/lib/server/platform/after-response";
import { handle, ok, readBody, unavailable } from "@/lib/server/platform/http";
import { MAIL_PROVIDER_DOWN_MESSAGE, mailProviderAnswers, otpEmail, sendMail } from "@/lib/server/providers/mail";
import { throttle } from "@/lib/server/platform/throttle";
import { countCodeRequest, issueResetCode, SEND_OTP_MESSAGE } from "@/lib/server/accounts/password-reset";

// POST /api/send-otp {email} — docs/PRODUCT.md §7.2. The same answer, in the same time, whether or not the
// email has an account: before answering only the limit is counted; the code is made and
// mailed after the answer. While the mail provider does not answer, every caller gets the same
// 503 (and nothing is counted against the address).
export const POST = handle(async (request) => {
  const { email } = await readBody(request, sendOtpSchema);
  await throttle("sendOtp", request);
  if (!(await mailProviderAnswers())) throw unavailable(MAIL_PROVIDER_DOWN_MESSAGE, 60);
  await countCodeRequest(email);
  afterResponse("send-otp", async () => {
    const issued = await issueResetCode(email);
    if (issued) await sendMail({ to: issued.user.email, ...(await otpEmail(issued.code, OTP_VALIDITY_SECONDS / 60)) });
  });
  return ok(null, SEND_OTP_MESSAGE);
});
