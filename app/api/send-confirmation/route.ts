import { EMAIL_CONFIRM_CODE_SECONDS, EMAIL_CONFIRM_LINK_SECONDS } from "@/lib/constants";
import { requireUser } from "@/lib/server/accounts/auth";
import { mailConfirmationCode, mailConfirmationLink } from "@/lib/server/accounts/email-confirmation";
import { sendConfirmationSchema } from "@/lib/schemas";
import { afterResponse } from "@/lib/server/platform/after-response";
import { conflict, handle, ok, readBody } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/send-confirmation — one of the store's own calls (docs/PRODUCT.md §7.4): "Send link
// again" on My Account mails a new confirmation link to the caller's own address (409 when it is
// confirmed already). Counted per account, per client address and store-wide. With {by: "code"}
// (the checkout, for cash on delivery) it mails a 6-digit code to type back (confirm-address {otp}).
export const POST = handle(async (request) => {
  const user = await requireUser(request);
  if (user.emailConfirmedAt) throw conflict("Your email address is confirmed already.");
  // A bodiless call (as My Account's first version made) asks for a link.
  const { by } = request.headers.get("content-type")?.includes("json") ? await readBody(request, sendConfirmationSchema) : { by: "link" as const };
  await throttle("confirmLink", request, user.id);
  if (by === "code") {
    afterResponse("confirmation code", () => mailConfirmationCode(user));
    return ok(null, `We sent a 6-digit code to ${user.email}. It works for ${EMAIL_CONFIRM_CODE_SECONDS / 60} minutes.`);
  }
  afterResponse("confirmation link", () => mailConfirmationLink(user));
  return ok(null, `We sent a new link to ${user.email}. It works for ${EMAIL_CONFIRM_LINK_SECONDS / 3600} hours.`);
});
