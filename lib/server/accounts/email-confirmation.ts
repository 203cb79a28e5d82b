import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { EMAIL_CHANGE_GUESSES_PER_DAY, EMAIL_CONFIRM_CODE_SECONDS, EMAIL_CONFIRM_LINK_SECONDS, OTP_LENGTH, OTP_MAX_ATTEMPTS } from "@/lib/constants";
import { siteUrl } from "@/lib/site-url";
import type { User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { badRequest } from "../platform/http";
import { confirmAddressEmail, confirmAddressCodeEmail, sendMail } from "../providers/mail";
import { countOrRefuse } from "../platform/rate-limit";
import { dropUserSessions } from "./session-cache";
import { codeHash, sameHash, tooManyWrongCodes } from "./one-time-codes";

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
// address) who would rather not leave the page: six digits mailed to the account's address,
// typed back while signed in. Nothing stored: the code is a keyed hash of the account, its
// address and the quarter-hour, so it dies with an email change and after 15 to 30 minutes.
// Guesses count per account (OTP_MAX_ATTEMPTS a quarter-hour, EMAIL_CHANGE_GUESSES_PER_DAY a day).

export const WRONG_CONFIRM_CODE_MESSAGE = "That code is not right, or it has expired. Ask for a new one.";

const codeWindow = (now: Date) => Math.floor(now.getTime() / 1000 / EMAIL_CONFIRM_CODE_SECONDS);

/** The code for the account's address in one quarter-hour window. */
export function addressCode(user: Pick<User, "id" | "email">, window: number): string {
  const digest = codeHash("email-confirm", user.id, `${user.email.toLowerCase()}:${window}`);
  return (Number.parseInt(digest.slice(0, 12), 16) % 10 ** OTP_LENGTH).toString().padStart(OTP_LENGTH, "0");
}

/** Mails the code that confirms the account's address (the checkout's "Send a code"). */
export async function mailConfirmationCode(user: Pick<User, "id" | "email">, now: Date = new Date()): Promise<void> {
  await sendMail({ to: user.email, ...(await confirmAddressCodeEmail(addressCode(user, codeWindow(now)), (2 * EMAIL_CONFIRM_CODE_SECONDS) / 60)) });
}

/** A right code (this quarter-hour's or the last one's) confirms the signed-in account's address; 400 otherwise, 429 past the guesses. */
export async function confirmWithCode(user: Pick<User, "id" | "email">, otp: string, now: Date = new Date()): Promise<void> {
  await countOrRefuse(
    [
      { key: `email-confirm-guess:${user.id}`, seconds: EMAIL_CONFIRM_CODE_SECONDS, limit: OTP_MAX_ATTEMPTS },
      { key: `email-confirm-guess-day:${user.id}`, seconds: 24 * 3600, limit: EMAIL_CHANGE_GUESSES_PER_DAY },
    ],
    tooManyWrongCodes,
    now,
  );
  const window = codeWindow(now);
  const right = [window, window - 1].some((candidate) => sameHash(Buffer.from(addressCode(user, candidate)).toString("hex"), Buffer.from(otp).toString("hex")));
  if (!right) throw badRequest(WRONG_CONFIRM_CODE_MESSAGE);
  await markEmailConfirmed(user.id, user.email, now);
}
