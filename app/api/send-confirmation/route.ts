import { EMAIL_CONFIRM_LINK_SECONDS } from "@/lib/constants";
import { requireUser } from "@/lib/server/accounts/auth";
import { mailConfirmationLink } from "@/lib/server/accounts/email-confirmation";
import { afterResponse } from "@/lib/server/platform/after-response";
import { conflict, handle, ok } from "@/lib/server/platform/http";
import { throttle } from "@/lib/server/platform/throttle";

// POST /api/send-confirmation — one of the store's own calls (docs/PRODUCT.md §7.4): "Send link
// again" on My Account mails a new confirmation link to the caller's own address (409 when it is
// confirmed already). Counted per account, per client address and store-wide.
export const POST = handle(async (request) => {
  const user = await requireUser(request);
  if (user.emailConfirmedAt) throw conflict("Your email address is confirmed already.");
  await throttle("confirmLink", request, user.id);
  afterResponse("confirmation link", () => mailConfirmationLink(user));
  return ok(null, `We sent a new link to ${user.email}. It works for ${EMAIL_CONFIRM_LINK_SECONDS / 3600} hours.`);
});
