import "server-only";

// How the orders room retries its mails (the confirmation, the owner's alert, each step's mail):
// a sender claims the mail before sending; a claim older than CLAIM_MS is taken to be a sender
// that died. A failed send is tried again after a backoff, for RETRY_DAYS at most MAX_ATTEMPTS times.

export const MAIL_CLAIM_MS = 2 * 60_000;
export const MAIL_RETRY_DAYS = 3;
export const MAIL_MAX_ATTEMPTS = 30;

/** After the n-th failed send: 1, 2, 4 … minutes, at most an hour. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/** The oldest a mail may be and still be retried. */
export function retriedSince(now: Date): Date {
  return new Date(now.getTime() - MAIL_RETRY_DAYS * 86_400_000);
}
