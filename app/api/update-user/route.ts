import { PICTURE_BODY_MAX_BYTES } from "@/lib/constants";
import { updateUserSchema } from "@/lib/schemas";
import { endOtherSessions, requireSession, setSessionCookie } from "@/lib/server/accounts/auth";
import { handle, ok, readBody } from "@/lib/server/platform/http";
import { changeOwnProfile } from "@/lib/server/accounts/profile";
import { toPublicUser } from "@/lib/server/accounts/users";

// PUT /api/update-user — docs/PRODUCT.md §7.2: the caller's own name, email, contact, picture and (confirmed)
// password (lib/server/accounts/profile.ts). `role`, `_id` or `userId` in the body are dropped by the
// schema. A new email is answered as `pendingEmail` until POST /api/confirm-email takes its code.
export const PUT = handle(async (request) => {
  const session = await requireSession(request);
  const body = await readBody(request, updateUserSchema, PICTURE_BODY_MAX_BYTES);
  const { user, passwordChanged, pendingEmail } = await changeOwnProfile(session.user, body, request);
  const message = pendingEmail ? `Profile updated. Enter the code we sent to ${pendingEmail} to confirm your new email.` : "Profile updated successfully";
  const response = ok({ ...toPublicUser(user), ...(pendingEmail ? { pendingEmail } : {}) }, message);
  // A new password ends the other sessions; this one carries on with a fresh cookie.
  if (passwordChanged) {
    await endOtherSessions(user.id, session.id);
    await setSessionCookie(response, user, session);
  }
  return response;
});
