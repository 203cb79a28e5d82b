import { mailPreferencesSchema } from "@/lib/schemas";
import { requireShopper } from "@/lib/server/accounts/auth";
import { readMailPreferences, setMailPreferences } from "@/lib/server/accounts/mail-preferences";
import { handle, ok, readBody } from "@/lib/server/platform/http";

// GET /api/mail-preferences, POST {reviewRequests} (beyond the spec): whether the caller gets the
// review-request mails after a delivery.
export const GET = handle(async (request) => {
  const user = await requireShopper(request);
  return ok(await readMailPreferences(user.id), "Your mail preferences");
});

export const POST = handle(async (request) => {
  const user = await requireShopper(request);
  const { reviewRequests } = await readBody(request, mailPreferencesSchema);
  const saved = await setMailPreferences(user.id, { reviewRequests });
  return ok(saved, saved.reviewRequests ? "Review request emails are on" : "Review request emails are off");
});
