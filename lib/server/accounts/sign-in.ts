import "server-only";
import type { User } from "@/lib/generated/prisma/client";
import { SIGNIN_ATTEMPTS_PER_ACCOUNT, SIGNIN_ATTEMPTS_PER_ADDRESS, SIGNIN_FAILURES_PER_ACCOUNT, SIGNIN_FAILURES_PER_ADDRESS, SIGNIN_WINDOW_SECONDS } from "@/lib/constants";
import { unauthorized } from "../platform/http";
import { countOrRefuse, hit, inMinutes, reset, type Limit } from "../platform/rate-limit";
import { INVALID_CREDENTIALS_MESSAGE, verifyCredentials } from "./users";

/**
 * Sign-in with throttling per account and per client address (Postgres counters, so it holds
 * across instances). Every attempt is counted before the password is checked, twice: once
 * against the failure limits, where a success takes its count back (only failures stay), and
 * once against the attempt limits, where it stays (a correct password costs a hash and a session
 * too). Parallel attempts cannot pass a limit; the hash also comes from the store-wide budget.
 */
export async function signInThrottled(email: string, password: string, address: string | null, now: Date = new Date()): Promise<User> {
  const failures: Limit[] = [{ key: accountKey(email), seconds: SIGNIN_WINDOW_SECONDS, limit: SIGNIN_FAILURES_PER_ACCOUNT }];
  const attempts: Limit[] = [{ key: accountAttemptsKey(email), seconds: SIGNIN_WINDOW_SECONDS, limit: SIGNIN_ATTEMPTS_PER_ACCOUNT }];
  // No trustworthy address (no proxy in front): only the account limits apply.
  if (address) {
    failures.push({ key: `signin:address:${address}`, seconds: SIGNIN_WINDOW_SECONDS, limit: SIGNIN_FAILURES_PER_ADDRESS });
    attempts.push({ key: `signin-attempt:address:${address}`, seconds: SIGNIN_WINDOW_SECONDS, limit: SIGNIN_ATTEMPTS_PER_ADDRESS });
  }
  await countOrRefuse([...failures, ...attempts], (wait) => `Too many sign-in attempts. Please try again in ${inMinutes(wait)}.`, now);
  const giveBack = (windows: Limit[]) => Promise.all(windows.map((window) => hit({ key: window.key, seconds: window.seconds, now }, -1)));
  let user: User | null;
  try {
    user = await verifyCredentials(email, password);
  } catch (error) {
    // The store's hash budget was spent (or the database failed): the password was never
    // checked, so nothing counts against the account or the address.
    await giveBack([...failures, ...attempts]);
    throw error;
  }
  if (!user) throw unauthorized(INVALID_CREDENTIALS_MESSAGE);
  await giveBack(failures);
  return user;
}

const accountKey = (email: string) => `signin:account:${email.toLowerCase()}`;
const accountAttemptsKey = (email: string) => `signin-attempt:account:${email.toLowerCase()}`;

/** After a password reset the owner must not stay locked out by someone else's attempts. */
export async function clearSignInFailures(email: string): Promise<void> {
  await Promise.all([reset(accountKey(email)), reset(accountAttemptsKey(email))]);
}
