import "server-only";
import { createHash, randomBytes } from "node:crypto";
import {
  OTP_FAILURE_WINDOW_SECONDS,
  OTP_FAILURES_PER_WINDOW,
  OTP_GUESSES_PER_DAY,
  OTP_MAX_ATTEMPTS,
  OTP_SEND_WINDOW_SECONDS,
  OTP_SENDS_PER_WINDOW,
  OTP_VALIDITY_SECONDS,
  RESET_GRANT_SECONDS,
} from "@/lib/constants";
import type { User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { dropUserSessions } from "./session-cache";
import { badRequest, unauthorized } from "../platform/http";
import { codeHash, newCode, sameHash, tooManyWrongCodes } from "./one-time-codes";
import { hashPassword } from "./passwords";
import { markEmailConfirmed } from "./email-confirmation";
import { countOrRefuse, spendPasswordHash } from "../platform/rate-limit";

// The password reset of docs/PRODUCT.md §4.6; functions take `now` (docs/ENGINEERING.md §10a).
//   send-otp    a 6-digit code, stored only as an HMAC, made and mailed after the answer; before it
//               only the per-email limit is counted, the same for any email
//   verify-otp  OTP_MAX_ATTEMPTS guesses per code, wrong ones also counted per email (unknown ones
//               too); a right code is spent once (a conditional UPDATE) and yields a reset grant
//   reset       spends the grant; the new password bumps sessionVersion, so every session ends

export const SEND_OTP_MESSAGE = "If an account exists for this email, a 6-digit code is on its way. It is valid for 5 minutes.";
export const WRONG_CODE_MESSAGE = "That code is not right, or it has expired. Please check it or request a new one.";
export const NO_GRANT_MESSAGE = "Please verify the code from your email first.";

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

function findByEmail(email: string): Promise<User | null> {
  return db.user.findUnique({ where: { email: email.toLowerCase() } });
}

/**
 * Counts a code request against the email's limit (known and unknown emails alike): the part of
 * send-otp that runs before the answer, so both answers cost the same.
 */
export async function countCodeRequest(email: string, now: Date = new Date()): Promise<void> {
  await countOrRefuse(
    [{ key: `otp-send:${email.toLowerCase()}`, seconds: OTP_SEND_WINDOW_SECONDS, limit: OTP_SENDS_PER_WINDOW }],
    (wait) => `You can request ${OTP_SENDS_PER_WINDOW} codes in 15 minutes. Please try again in ${Math.ceil(wait / 60)} minutes.`,
    now,
  );
}

/**
 * Issues a code for the email when it has an account (send-otp runs this after answering) and
 * returns the user and the code to mail; null for an unknown email. A new code replaces the
 * ones before it.
 */
export async function issueResetCode(email: string, now: Date = new Date()): Promise<{ user: User; code: string } | null> {
  const user = await findByEmail(email);
  if (!user) return null;
  const code = newCode();
  await db.$transaction([
    db.passwordResetCode.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: now } }),
    db.passwordResetCode.create({
      data: { userId: user.id, codeHash: codeHash("reset-code", user.id, code), expiresAt: new Date(now.getTime() + OTP_VALIDITY_SECONDS * 1000), createdAt: now },
    }),
  ]);
  return { user, code };
}

/** The wrong-codes refusal, shared by the reset code and the email-change code. */

/**
 * Checks a code; on success spends it and returns a fresh reset-grant token (raw, for the
 * cookie). Wrong, expired, replaced and worn-out codes get one message, and wrong guesses are
 * counted per email, so an unknown email answers exactly like a known one.
 */
export async function verifyResetCode(email: string, otp: string, now: Date = new Date()): Promise<string> {
  // Every guess is counted before it is checked (one atomic INSERT … ON CONFLICT per window), so
  // parallel guesses cannot slip past: at most OTP_FAILURES_PER_WINDOW an hour and
  // OTP_GUESSES_PER_DAY a day per email, i.e. odds of at most 100 in 10^6 a day.
  await countOrRefuse(
    [
      { key: `otp-guess:${email.toLowerCase()}`, seconds: OTP_FAILURE_WINDOW_SECONDS, limit: OTP_FAILURES_PER_WINDOW },
      { key: `otp-guess-day:${email.toLowerCase()}`, seconds: 24 * 3600, limit: OTP_GUESSES_PER_DAY },
    ],
    tooManyWrongCodes,
    now,
  );

  const user = await findByEmail(email);
  const code = user ? await db.passwordResetCode.findFirst({ where: { userId: user.id, usedAt: null }, orderBy: { createdAt: "desc" } }) : null;
  if (!user || !code || code.expiresAt <= now) throw badRequest(WRONG_CODE_MESSAGE);

  // Claim one guess atomically: the sixth guess finds no row, whatever it holds.
  const claimed = await db.passwordResetCode.updateMany({
    where: { id: code.id, usedAt: null, attempts: { lt: OTP_MAX_ATTEMPTS }, expiresAt: { gt: now } },
    data: { attempts: { increment: 1 } },
  });
  if (claimed.count === 0 || !sameHash(code.codeHash, codeHash("reset-code", user.id, otp))) throw badRequest(WRONG_CODE_MESSAGE);

  // Spend the code and issue the grant together: of two parallel right guesses exactly one
  // gets the row, and a failed insert leaves the code unspent.
  const token = randomBytes(32).toString("base64url");
  await db.$transaction(async (tx) => {
    const spent = await tx.passwordResetCode.updateMany({ where: { id: code.id, usedAt: null }, data: { usedAt: now } });
    if (spent.count === 0) throw badRequest(WRONG_CODE_MESSAGE);
    await tx.passwordResetGrant.create({
      data: { userId: user.id, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + RESET_GRANT_SECONDS * 1000), createdAt: now },
    });
  });
  // The code reached the address and came back: the address is its holder's.
  await markEmailConfirmed(user.id, user.email, now);
  return token;
}

/** Codes and grants outstanding for the user stop working (password or email changed). */
export async function revokeResetProofs(userId: string, now: Date = new Date()): Promise<void> {
  await db.$transaction([
    db.passwordResetCode.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
    db.passwordResetGrant.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
  ]);
}

/**
 * Sets a new password with a grant from verifyResetCode. The grant is spent, every session of
 * the user ends (sessionVersion), and outstanding codes and grants are dropped.
 */
export async function resetPasswordWithGrant(token: string | undefined, email: string, password: string, now: Date = new Date()): Promise<User> {
  if (!token) throw unauthorized(NO_GRANT_MESSAGE);
  const grant = await db.passwordResetGrant.findUnique({ where: { tokenHash: tokenHash(token) }, include: { user: true } });
  if (!grant || grant.usedAt || grant.expiresAt <= now || grant.user.email !== email.toLowerCase()) throw unauthorized(NO_GRANT_MESSAGE);

  await spendPasswordHash(now);
  const passwordHash = await hashPassword(password);
  const user = await db.$transaction(async (tx) => {
    const spent = await tx.passwordResetGrant.updateMany({ where: { id: grant.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
    if (spent.count === 0) throw unauthorized(NO_GRANT_MESSAGE);
    await tx.passwordResetGrant.updateMany({ where: { userId: grant.userId, usedAt: null }, data: { usedAt: now } });
    await tx.passwordResetCode.updateMany({ where: { userId: grant.userId, usedAt: null }, data: { usedAt: now } });
    return tx.user.update({ where: { id: grant.userId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
  });
  dropUserSessions(user.id);
  return user;
}
