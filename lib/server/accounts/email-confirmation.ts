import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import { EMAIL_CONFIRM_LINK_SECONDS } from "@/lib/constants";
import { siteUrl } from "@/lib/site-url";
import type { User } from "@/lib/generated/prisma/client";
import { db } from "../platform/db";
import { badRequest } from "../platform/http";
import { confirmAddressEmail, sendMail } from "../providers/mail";
import { dropUserSessions } from "./session-cache";
import { sameHash } from "./one-time-codes";

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
