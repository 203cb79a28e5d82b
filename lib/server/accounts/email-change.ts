import "server-only";
import { EMAIL_CHANGE_GUESSES_PER_DAY, EMAIL_CHANGE_VALIDITY_SECONDS, OTP_MAX_ATTEMPTS } from "@/lib/constants";
import { CURRENT_PASSWORD_REQUIRED_MESSAGE } from "@/lib/schemas";
import { Prisma, type User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { dropUserSessions } from "./session-cache";
import { badRequest, conflict, HttpError } from "../platform/http";
import { countOrRefuse } from "../platform/rate-limit";
import { codeHash, newCode, sameHash, tooManyWrongCodes } from "./one-time-codes";
import { revokeResetProofs } from "./password-reset";
import { signInThrottled } from "./sign-in";
import { DUPLICATE_EMAIL_MESSAGE } from "./users";

// Proof for the changes that could hand an account to someone else. A stolen session alone
// must not be able to change the email (and then reset the password) or the password:
//   - both need the current password, checked like a sign-in (same counters, so guessing it
//     through this door locks out like guessing at the sign-in form);
//   - a new email address replaces the old one only once the code mailed to it comes back.

export const WRONG_CURRENT_PASSWORD_MESSAGE = "Your current password is not right";
export const WRONG_EMAIL_CODE_MESSAGE = "That code is not right, or it has expired. Save your profile again for a new one.";

/** Refuses the change unless `currentPassword` is the account's password (400 on the field; 429 past the sign-in limits). */
export async function checkCurrentPassword(user: User, currentPassword: string | undefined, address: string | null): Promise<void> {
  if (!currentPassword) throw new HttpError(400, CURRENT_PASSWORD_REQUIRED_MESSAGE, undefined, { currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE });
  try {
    await signInThrottled(user.email, currentPassword, address);
  } catch (error) {
    if (error instanceof HttpError && error.status === 401) {
      throw new HttpError(400, WRONG_CURRENT_PASSWORD_MESSAGE, undefined, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
    }
    throw error;
  }
}

/** Records the wish to move to `newEmail` and returns the code to mail there (a new request replaces an older one). */
export async function startEmailChange(user: User, newEmail: string, now: Date = new Date()): Promise<string> {
  const code = newCode();
  const data = {
    newEmail: newEmail.toLowerCase(),
    codeHash: codeHash("email-change", user.id, code),
    attempts: 0,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_CHANGE_VALIDITY_SECONDS * 1000),
  };
  await db.emailChange.upsert({ where: { userId: user.id }, create: { userId: user.id, ...data }, update: data });
  return code;
}

/** The address waiting for its code, if any (shown in the profile). */
export async function pendingEmailOf(userId: string, now: Date = new Date()): Promise<string | null> {
  const change = await db.emailChange.findUnique({ where: { userId } });
  return change && change.expiresAt > now && change.attempts < OTP_MAX_ATTEMPTS ? change.newEmail : null;
}

/**
 * Checks the code for the caller's pending change and, when right, makes the new address the
 * account's (409 if another account took it meanwhile). Each code takes OTP_MAX_ATTEMPTS
 * guesses, counted atomically before the check. Returns the updated user and the old address.
 */
export async function confirmEmailChange(user: User, otp: string, now: Date = new Date()): Promise<{ user: User; oldEmail: string }> {
  await countOrRefuse([{ key: `email-change-guess-day:${user.id}`, seconds: 24 * 3600, limit: EMAIL_CHANGE_GUESSES_PER_DAY }], tooManyWrongCodes, now);
  const change = await db.emailChange.findUnique({ where: { userId: user.id } });
  if (!change) throw badRequest(WRONG_EMAIL_CODE_MESSAGE);
  const claimed = await db.emailChange.updateMany({
    where: { userId: user.id, createdAt: change.createdAt, attempts: { lt: OTP_MAX_ATTEMPTS }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count === 0 || !sameHash(change.codeHash, codeHash("email-change", user.id, otp))) throw badRequest(WRONG_EMAIL_CODE_MESSAGE);
  try {
    const updated = await db.$transaction(async (tx) => {
      const spent = await tx.emailChange.deleteMany({ where: { userId: user.id, createdAt: change.createdAt } });
      if (spent.count === 0) throw badRequest(WRONG_EMAIL_CODE_MESSAGE);
      // The code came back from the new address: it is confirmed as it becomes the account's.
      return tx.user.update({ where: { id: user.id }, data: { email: change.newEmail, emailConfirmedAt: now } });
    });
    dropUserSessions(user.id);
    // Codes or grants mailed to the old address must not outlive it.
    await revokeResetProofs(user.id, now);
    return { user: updated, oldEmail: user.email };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}
