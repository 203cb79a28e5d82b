import "server-only";
import { EMAIL_CHANGE_VALIDITY_SECONDS } from "@/lib/constants";
import type { z } from "zod";
import type { updateUserSchema } from "@/lib/schemas";
import type { User } from "@/lib/generated/prisma/client";
import { afterResponse } from "../platform/after-response";
import { clientAddress } from "../platform/client-address";
import { checkCurrentPassword, startEmailChange } from "./email-change";
import { badRequest } from "../platform/http";
import { uploadProfilePicture } from "../providers/images";
import { emailChangeCodeEmail, passwordChangedEmail, sendMail } from "../providers/mail";
import { mailsMayQuote } from "./email-confirmation";
import { assertAcceptablePassword } from "./password-policy";
import { revokeResetProofs } from "./password-reset";
import { throttle } from "../platform/throttle";
import { assertEmailFree, updateProfile } from "./users";

// The caller's own profile change (PUT /api/update-user, docs/PRODUCT.md §7.2): name, contact and picture
// change at once; a new password or email needs the current password; a new password is mailed
// about and ends outstanding reset codes; a new email is only recorded, with a code mailed to it
// (POST /api/confirm-email takes it). Whose profile changes comes from the session only.

export type ProfileChange = z.output<typeof updateUserSchema>;
export type ProfileChanged = { user: User; passwordChanged: boolean; pendingEmail: string | null };

/** The picture the profile keeps: a new upload (data URL), none (""), or the current one sent back. */
async function pictureFor(user: User, sent: string | undefined): Promise<string> {
  if (sent === undefined || sent === user.profilePic) return user.profilePic;
  if (sent === "") return "";
  if (sent.startsWith("data:")) return uploadProfilePicture(sent);
  throw badRequest("Profile picture must be an image file");
}

export async function changeOwnProfile(user: User, change: ProfileChange, request: Request): Promise<ProfileChanged> {
  const newEmail = change.email.toLowerCase() !== user.email ? change.email.toLowerCase() : null;
  if (change.password) assertAcceptablePassword(change.password);
  if (change.password || newEmail) await checkCurrentPassword(user, change.currentPassword, clientAddress(request.headers));
  if (newEmail) {
    await assertEmailFree(newEmail, user.id);
    // Each request mails a code: bounded per account, per address and store-wide.
    await throttle("emailChange", request, user.id);
  }
  const profilePic = await pictureFor(user, change.profilepic);

  const updated = await updateProfile(user, { name: change.name, contact: change.contact, profilePic, password: change.password || undefined });
  const passwordChanged = updated.sessionVersion !== user.sessionVersion;
  if (passwordChanged) {
    // Codes or grants mailed before the change must not outlive it; the owner hears of it.
    await revokeResetProofs(user.id);
    afterResponse("password-changed mail", async () => sendMail({ to: updated.email, ...(await passwordChangedEmail(mailsMayQuote(updated) ? updated.name : "")) }));
  }
  if (newEmail) {
    const code = await startEmailChange(user, newEmail);
    afterResponse("email-change code", async () => sendMail({ to: newEmail, ...(await emailChangeCodeEmail(code, EMAIL_CHANGE_VALIDITY_SECONDS / 60)) }));
  }
  return { user: updated, passwordChanged, pendingEmail: newEmail };
}
