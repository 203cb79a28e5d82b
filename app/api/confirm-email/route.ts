import { confirmEmailSchema } from "@/lib/schemas";
import { endOtherSessions, requireSession } from "@/lib/server/accounts/auth";
import { afterResponse } from "@/lib/server/platform/after-response";
import { confirmEmailChange } from "@/lib/server/accounts/email-change";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { emailChangedEmail, sendMail } from "@/lib/server/providers/mail";
import { mailsMayQuote } from "@/lib/server/accounts/email-confirmation";
import { throttle } from "@/lib/server/platform/throttle";
import { toPublicUser } from "@/lib/server/accounts/users";

// POST /api/confirm-email {otp} — one of the store's own calls (docs/PRODUCT.md §7.4): the code mailed to the new address that
// update-user asked for; a right code makes it the account's email, and the old address is told.
// A new email is a change of credentials, as a new password is: the account's other sessions
// end, and the one that confirmed it carries on.
export const POST = handle(async (request) => {
  const { user, id: sessionId } = await requireSession(request);
  const { otp } = await readBody(request, confirmEmailSchema);
  // Guesses count per account across codes (a new code must not mean fresh guesses).
  await throttle("emailChangeGuess", request, user.id);
  const { user: updated, oldEmail } = await confirmEmailChange(user, otp);
  await endOtherSessions(updated.id, sessionId);
  // An old address that was never confirmed hears of the change without the name or the new address.
  const quote = mailsMayQuote(user);
  afterResponse("email-changed mail", async () => sendMail({ to: oldEmail, ...(await emailChangedEmail(quote ? updated.name : "", quote ? updated.email : null)) }));
  return ok(toPublicUser(updated), "Your new email address is confirmed");
});
