import { confirmEmailSchema } from "@/lib/schemas";
import { requireUser } from "@/lib/server/auth";
import { afterResponse } from "@/lib/server/after-response";
import { confirmEmailChange } from "@/lib/server/email-change";
import { handle, ok, readBody } from "@/lib/server/http";
import { emailChangedEmail, sendMail } from "@/lib/server/mail";
import { throttle } from "@/lib/server/throttle";
import { toPublicUser } from "@/lib/server/users";

// POST /api/confirm-email {otp} — one of the store's own calls (docs/PRODUCT.md §7.4): the code mailed to the new address that
// update-user asked for; a right code makes it the account's email, and the old address is told.
export const POST = handle(async (request) => {
  const user = await requireUser(request);
  const { otp } = await readBody(request, confirmEmailSchema);
  // Guesses count per account across codes (a new code must not mean fresh guesses).
  await throttle("emailChangeGuess", request, user.id);
  const { user: updated, oldEmail } = await confirmEmailChange(user, otp);
  afterResponse("email-changed mail", () => sendMail({ to: oldEmail, ...emailChangedEmail(updated.name, updated.email) }));
  return ok(toPublicUser(updated), "Your new email address is confirmed");
});
