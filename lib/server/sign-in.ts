import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { SIGNIN_FAILURES_PER_ACCOUNT, SIGNIN_FAILURES_PER_ADDRESS, SIGNIN_WINDOW_SECONDS } from "@/lib/constants";
import { tooManyRequests, unauthorized } from "./http";
import { hit, secondsLeft } from "./rate-limit";
import { INVALID_CREDENTIALS_MESSAGE, verifyCredentials } from "./users";

export function signInThrottledMessage(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Sign-in with throttling per account and per client address (Postgres counters, so it holds
 * across instances). Every attempt is counted before the password is checked, and a success
 * takes its count back: only failures stay, and parallel guesses cannot pass the limit.
 */
export async function signInThrottled(email: string, password: string, address: string, now: Date = new Date()): Promise<User> {
  const account = { key: `signin:account:${email.toLowerCase()}`, seconds: SIGNIN_WINDOW_SECONDS, now };
  const origin = { key: `signin:address:${address}`, seconds: SIGNIN_WINDOW_SECONDS, now };
  const [accountCount, originCount] = await Promise.all([hit(account), hit(origin)]);
  if (accountCount > SIGNIN_FAILURES_PER_ACCOUNT || originCount > SIGNIN_FAILURES_PER_ADDRESS) {
    const wait = secondsLeft(SIGNIN_WINDOW_SECONDS, now);
    throw tooManyRequests(signInThrottledMessage(wait), wait);
  }
  const user = await verifyCredentials(email, password);
  if (!user) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  await Promise.all([hit(account, -1), hit(origin, -1)]);
  return user;
}
