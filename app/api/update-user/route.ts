import { EMAIL_CHANGE_VALIDITY_SECONDS, PICTURE_BODY_MAX_BYTES } from "@/lib/constants";
import { updateUserSchema } from "@/lib/schemas";
import { endOtherSessions, requireSession, setSessionCookie } from "@/lib/server/auth";
import { clientAddress } from "@/lib/server/client-address";
import { checkCurrentPassword, startEmailChange } from "@/lib/server/email-change";
import { badRequest, handle, ok, readBody } from "@/lib/server/http";
import { uploadProfilePicture } from "@/lib/server/images";
import { assertAcceptablePassword } from "@/lib/server/password-policy";
import { afterResponse } from "@/lib/server/after-response";
import { emailChangeCodeEmail, passwordChangedEmail, sendMail } from "@/lib/server/mail";
import { revokeResetProofs } from "@/lib/server/password-reset";
import { throttle } from "@/lib/server/throttle";
import { assertEmailFree, toPublicUser, updateProfile } from "@/lib/server/users";

// PUT /api/update-user — SPEC 7: the caller's own name, email, contact, picture and (confirmed)
// password. Whose profile changes comes from the session only; `role`, `_id` or `userId` in the
// body are dropped by the schema. A picture arrives as a data URL and is stored by the images
// provider; sending the current picture's URL back keeps it, "" removes it, nothing else is taken.
// A new password or email needs `currentPassword`; a new email is only recorded here and mailed
// a code, which POST /api/confirm-email takes (the email stays the old one until then).
export const PUT = handle(async (request) => {
  const session = await requireSession(request);
  const { user } = session;
  const body = await readBody(request, updateUserSchema, PICTURE_BODY_MAX_BYTES);
  const newEmail = body.email.toLowerCase() !== user.email ? body.email.toLowerCase() : null;
  if (body.password) assertAcceptablePassword(body.password);
  if (body.password || newEmail) await checkCurrentPassword(user, body.currentPassword, clientAddress(request.headers));
  if (newEmail) {
    await assertEmailFree(newEmail, user.id);
    // Each request mails a code: bounded per account, per address and store-wide.
    await throttle("emailChange", request, user.id);
  }

  let profilePic = user.profilePic;
  if (body.profilepic === "") profilePic = "";
  else if (body.profilepic?.startsWith("data:")) profilePic = await uploadProfilePicture(body.profilepic);
  else if (body.profilepic !== undefined && body.profilepic !== user.profilePic) {
    throw badRequest("Profile picture must be an image file");
  }

  const updated = await updateProfile(user, { name: body.name, email: user.email, contact: body.contact, profilePic, password: body.password || undefined });
  const passwordChanged = updated.sessionVersion !== user.sessionVersion;
  if (passwordChanged) {
    // Codes or grants mailed before the change must not outlive it; the owner hears of it.
    await revokeResetProofs(user.id);
    afterResponse("password-changed mail", () => sendMail({ to: updated.email, ...passwordChangedEmail(updated.name) }));
  }
  if (newEmail) {
    const code = await startEmailChange(user, newEmail);
    afterResponse("email-change code", () => sendMail({ to: newEmail, ...emailChangeCodeEmail(code, EMAIL_CHANGE_VALIDITY_SECONDS / 60) }));
  }
  const message = newEmail ? `Profile updated. Enter the code we sent to ${newEmail} to confirm your new email.` : "Profile updated successfully";
  const response = ok({ ...toPublicUser(updated), ...(newEmail ? { pendingEmail: newEmail } : {}) }, message);
  // A new password ends the other sessions; this one carries on with a fresh cookie.
  if (passwordChanged) {
    await endOtherSessions(user.id, session.id);
    await setSessionCookie(response, updated, session);
  }
  return response;
});
