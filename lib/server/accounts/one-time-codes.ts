import "server-only";
import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_LENGTH } from "@/lib/constants";

// The 6-digit codes mailed to prove an address (password reset, a new email address): made by a
// CSPRNG and stored only as a keyed hash, so a leaked table cannot be reversed without the key.

let derivedKey: { from: string; key: Buffer } | undefined;

/** The code-hash key: derived from NEXTAUTH_SECRET (HKDF), never the session-signing secret itself. */
function codeKey(): Buffer {
  const value = process.env.NEXTAUTH_SECRET;
  if (!value) throw new Error("NEXTAUTH_SECRET is not set.");
  if (derivedKey?.from !== value) derivedKey = { from: value, key: Buffer.from(hkdfSync("sha256", value, "volt-electronics", "reset-code-hmac", 32)) };
  return derivedKey.key;
}

export type CodePurpose = "reset-code" | "email-change" | "email-confirm";

export function newCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, "0");
}

/** The stored form of a code, bound to its purpose and account. */
export function codeHash(purpose: CodePurpose, userId: string, code: string): string {
  return createHmac("sha256", codeKey()).update(`${purpose}:${userId}:${code}`).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The 429 after too many wrong codes (any purpose). */
export const tooManyWrongCodes = (wait: number) => `Too many wrong codes. Please try again in ${Math.ceil(wait / 60)} minutes.`;
