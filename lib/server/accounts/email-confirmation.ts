import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { EMAIL_CHANGE_GUESSES_PER_DAY, EMAIL_CONFIRM_CODE_SECONDS, EMAIL_CONFIRM_LINK_SECONDS, OTP_MAX_ATTEMPTS } from "@/lib/constants";
import { siteUrl } from "@/lib/site-url";
import type { User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { badRequest } from "../platform/http";
import { confirmAddressEmail, confirmAddressCodeEmail, sendMail } from "../providers/mail";
import { countOrRefuse } from "../platform/rate-limit";
import { dropUserSessions } from "./session-cache";
import { codeHash, newCode, sameHash, tooManyWrongCodes } from "./one-time-codes";

// Whether an account's address is its holder's (User.emailConfirmedAt). Anyone can sign up with
// somebody else's address, so until it is confirmed the store's mail to it carries no text the
// holder chose (mailsMayQuote). Confirmed by the signed link mailed at sign-up (spent at most once,
// dead after an email change) or by any code mailed to it and typed back (docs/ENGINEERING.md §10a).
// Signing up and in is never blocked by it (docs/PRODUCT.md §4).

export const CONFIRM_LINK_INVALID_MESSAGE = "This link is not valid any more: it was used already, it has expired, or the account's email changed. Ask for a new one on My Account.";
export const ADDRESS_CONFIRMED_MESSAGE = "Your email address is confirmed. Thank you.";

let derivedKey: { from: string; key: Buffer } | undefined;

/** The link-signing key: derived from NEXTAUTH_SECRET (HKDF, its own label), never the secret itself. */
function linkKey(): Buffer {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set.");
  if (derivedKey?.from !== value) derivedKey = { from: value, key: Buffer.from(hkdfSync("sha256", value, "volt-electronics", "email-confirm-link", 32)) };
  return derivedKey.key;
}

const sign = (payload: string) => createHmac("sha256", linkKey()).update(payload).digest("hex");

type LinkClaims = { userId: string; email: string; expires: number };

/** The token of a confirmation link: base64url(JSON claims) "." HMAC-SHA256 of that part. */
export function confirmationToken(user: Pick<User, "id" | "email">, now: Date = new Date()): string {
  const claims: LinkClaims = { userId: user.id, email: user.email, expires: Math.floor(now.getTime() / 1000) + EMAIL_CONFIRM_LINK_SECONDS };
  const payload = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${payload}.${sign(payload)}`;
}

function readToken(token: string, now: Date): LinkClaims | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || !/^[0-9a-f]{64}$/.test(signature) || !sameHash(signature, sign(payload))) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<LinkClaims>;
    if (typeof claims.userId !== "string" || typeof claims.email !== "string" || typeof claims.expires !== "number") return null;
    return claims.expires * 1000 > now.getTime() ? (claims as LinkClaims) : null;
  } catch {
    return null;
  }
}

/**
 * Records that `email` is the account's, proved now; only while it still is the account's
 * address and was not confirmed yet. Answers whether this call confirmed it.
 */
export async function markEmailConfirmed(userId: string, email: string, now: Date = new Date()): Promise<boolean> {
  const { count } = await db.user.updateMany({ where: { id: userId, email: email.toLowerCase(), emailConfirmedAt: null }, data: { emailConfirmedAt: now } });
  if (count > 0) dropUserSessions(userId);
  return count > 0;
}

/** POST /api/confirm-address: spends a link's token (400 when forged, expired, spent or for an address the account no longer has). */
export async function confirmWithToken(token: string, now: Date = new Date()): Promise<void> {
  const claims = readToken(token, now);
  if (!claims || !(await markEmailConfirmed(claims.userId, claims.email, now))) throw badRequest(CONFIRM_LINK_INVALID_MESSAGE);
}

/** Whether mail to the account's address may carry text its holder chose (a name, a note). */
export function mailsMayQuote(user: Pick<User, "emailConfirmedAt">): boolean {
  return user.emailConfirmedAt !== null;
}

/** Mails a confirmation link to the account's address (sign-up; "Send link again" on My Account). */
export async function mailConfirmationLink(user: Pick<User, "id" | "email">, now: Date = new Date()): Promise<void> {
  // In the fragment: never sent to the server, so never in an access log or a Referer.
  const link = `${siteUrl()}/confirm-address#token=${confirmationToken(user, now)}`;
  await sendMail({ to: user.email, ...(await confirmAddressEmail(link, EMAIL_CONFIRM_LINK_SECONDS / 3600)) });
}

// A code instead of the link, for a shopper at the checkout (cash on delivery needs a confirmed
// address) who would rather not leave the page: six random digits mailed to the account's address,
// stored as a keyed hash bound to the account and that address (so an email change kills it), good
// for EMAIL_CONFIRM_CODE_SECONDS and OTP_MAX_ATTEMPTS guesses, counted atomically before the check;
// a new send replaces it. No code exists until one is sent, and sends are throttled; guesses also
// count per account per day (EMAIL_CHANGE_GUESSES_PER_DAY).

export const WRONG_CONFIRM_CODE_MESSAGE = "That code is not right, or it has expired. Ask for a new one.";

const codeOf = (user: Pick<User, "id" | "email">, code: string) => codeHash("email-confirm", user.id, `${user.email.toLowerCase()}:${code}`);

/** Makes, stores and mails a new code that confirms the account's address (the checkout's "Send the code"). */
export async function mailConfirmationCode(user: Pick<User, "id" | "email">, now: Date = new Date()): Promise<void> {
  const code = newCode();
  await db.user.update({
    where: { id: user.id },
    data: { confirmCodeHash: codeOf(user, code), confirmCodeExpiresAt: new Date(now.getTime() + EMAIL_CONFIRM_CODE_SECONDS * 1000), confirmCodeAttempts: 0 },
  });
  await sendMail({ to: user.email, ...(await confirmAddressCodeEmail(code, EMAIL_CONFIRM_CODE_SECONDS / 60)) });
}

/** The last code mailed, typed back in time, confirms the signed-in account's address; 400 otherwise, 429 past the day's guesses. */
export async function confirmWithCode(user: Pick<User, "id" | "email">, otp: string, now: Date = new Date()): Promise<void> {
  await countOrRefuse([{ key: `email-confirm-guess-day:${user.id}`, seconds: 24 * 3600, limit: EMAIL_CHANGE_GUESSES_PER_DAY }], tooManyWrongCodes, now);
  // One guess spent on the live code, before it is compared: parallel guesses cannot pass the bound.
  const [claimed] = await db.user.updateManyAndReturn({
    where: { id: user.id, email: user.email.toLowerCase(), confirmCodeHash: { not: null }, confirmCodeExpiresAt: { gt: now }, confirmCodeAttempts: { lt: OTP_MAX_ATTEMPTS } },
    data: { confirmCodeAttempts: { increment: 1 } },
    select: { confirmCodeHash: true },
  });
  if (!claimed?.confirmCodeHash || !/^\d+$/.test(otp) || !sameHash(claimed.confirmCodeHash, codeOf(user, otp))) throw badRequest(WRONG_CONFIRM_CODE_MESSAGE);
  await db.user.updateMany({ where: { id: user.id, confirmCodeHash: claimed.confirmCodeHash }, data: { confirmCodeHash: null, confirmCodeExpiresAt: null } });
  await markEmailConfirmed(user.id, user.email, now);
}
