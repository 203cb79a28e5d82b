import "server-only";
import { createElement } from "react";
import { Resend } from "resend";
import { myOrdersUrl } from "@/lib/site-url";
import { readConfig } from "../platform/config";
import { log } from "../platform/log";
import { ConfirmAddressMail, CodeMail, NoticeMail } from "./mails/account-mails";
import { STORE_NAME } from "./mails/layout";
import { renderMail, type MailContent } from "./mails/render";

// Mail goes through the Resend SDK: to Resend itself with RESEND_API_KEY, otherwise to the local
// emulator at EMULATOR_URL (development, tests, the demo), whose outbox is /resend/outbox.

export { STORE_NAME } from "./mails/layout";
/** Any key works with the emulator; it only checks that a Bearer `re_…` key is sent. */
const EMULATOR_KEY = "re_emulator";

export type { MailContent } from "./mails/render";
export type Mail = MailContent & { to: string };

const RESEND_API = "https://api.resend.com";

function providerBase(): string {
  const config = readConfig();
  return config.resend.apiKey ? RESEND_API : (config.emulatorUrl ?? RESEND_API);
}

// The provider's health as this process last saw it: a send that got no answer or a 5xx marks it
// down, any answer marks it up. Kept a few seconds, then asked again.
const HEALTH_SECONDS = 5;
const health: { up: boolean; seenAt: number } = { up: true, seenAt: 0 };

function sawProvider(up: boolean): void {
  health.up = up;
  health.seenAt = Date.now();
}

/**
 * Whether the mail provider answers, for calls that promise a mail they send after answering
 * (send-otp): asked of the provider itself (any HTTP answer below 500 is up, within 1.5 s) unless
 * seen in the last few seconds. The same question for every address, so it tells nobody whether
 * an account exists.
 */
export async function mailProviderAnswers(): Promise<boolean> {
  if (Date.now() - health.seenAt < HEALTH_SECONDS * 1000) return health.up;
  try {
    const answer = await fetch(`${providerBase()}/emails`, { method: "GET", signal: AbortSignal.timeout(1500) });
    await answer.body?.cancel();
    sawProvider(answer.status < 500);
  } catch {
    sawProvider(false);
  }
  return health.up;
}

export const MAIL_PROVIDER_DOWN_MESSAGE = "The email service is not answering. Please try again in a few minutes.";

function resendClient(): { client: Resend; from: string } {
  const config = readConfig();
  if (config.resend.apiKey) return { client: new Resend(config.resend.apiKey), from: config.resend.from };
  if (config.emulatorUrl) {
    return { client: new Resend(EMULATOR_KEY, { baseUrl: config.emulatorUrl }), from: config.resend.from };
  }
  throw new Error("Email is not configured: set RESEND_API_KEY, or run the store with `npm run dev` so EMULATOR_URL points at the local emulator.");
}

// Resend takes a few requests a second (2 by default, for the whole team): every call this
// process makes goes through one pacer, which starts at most RESEND_RATE_LIMIT requests in any
// second (a little slower than that, so the provider's own window never sees one too many), and a
// 429 pauses every sender for the retry-after Resend names before the call is made again.
const RATE_WINDOW_MS = 1050;
const RATE_LIMIT_RETRIES = 8;
function rateLimit(): number {
  const value = Number.parseInt(process.env.RESEND_RATE_LIMIT ?? "", 10);
  return Number.isFinite(value) && value > 0 ? value : 2;
}
/** The start times given out in the last window (and ahead of now, for callers waiting their turn). */
const slots: number[] = [];
let pausedUntil = 0;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for this process's next turn to call the provider. */
async function nextTurn(): Promise<void> {
  for (;;) {
    const now = Date.now();
    if (pausedUntil > now) {
      await sleep(pausedUntil - now);
      continue;
    }
    while (slots.length > 0 && slots[0]! <= now - RATE_WINDOW_MS) slots.shift();
    const limit = rateLimit();
    const at = slots.length >= limit ? Math.max(now, slots[slots.length - limit]! + RATE_WINDOW_MS) : now;
    slots.push(at);
    if (at > now) await sleep(at - now);
    return;
  }
}

type ProviderAnswer<T> = { data: T | null; error: { statusCode: number | null; name: string; message: string } | null; headers: Record<string, string> | null };

/**
 * One call to the provider in its turn; a 429 waits the retry-after Resend names (every sender of
 * this process waits with it) and tries again, a few times. `retryUnanswered`: a call that got no
 * answer at all is made once more (only with an idempotency key, which makes a repeat send nothing twice).
 */
async function paced<T>(call: () => Promise<ProviderAnswer<T>>, retryUnanswered: boolean): Promise<ProviderAnswer<T>> {
  let unansweredRetried = false;
  for (let attempt = 0; ; attempt++) {
    await nextTurn();
    const answer = await call();
    if (answer.error?.statusCode === 429 && attempt < RATE_LIMIT_RETRIES) {
      const seconds = Number(answer.headers?.["retry-after"] ?? answer.headers?.["ratelimit-reset"] ?? 1);
      pausedUntil = Math.max(pausedUntil, Date.now() + (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) : 1) * 1000);
      log.info({ provider: "resend", outcome: "rate_limited", retryAfter: seconds }, "resend: rate limited, waiting");
      continue;
    }
    if (answer.error && answer.error.statusCode === null && retryUnanswered && !unansweredRetried) {
      unansweredRetried = true;
      continue;
    }
    return answer;
  }
}

/** A mail with headers of its own (List-Unsubscribe and List-Unsubscribe-Post, say). */
export type MailWithHeaders = Mail & { headers?: Record<string, string> };

/**
 * Sends one email; resolves to the provider's id, throws when the provider refuses it. With an
 * idempotency key, Resend sends at most one mail for that key (for 24 hours), however often asked.
 * `headers`: the mail's own headers, passed to Resend.
 */
export async function sendMail({ to, subject, html, text, headers }: MailWithHeaders, options: { idempotencyKey?: string } = {}): Promise<{ id: string }> {
  const { client, from } = resendClient();
  const started = performance.now();
  const { data, error } = await paced(
    () => client.emails.send({ from, to, subject, html, text, ...(headers ? { headers } : {}) }, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined),
    Boolean(options.idempotencyKey),
  );
  sawProvider(!error || (error.statusCode !== null && error.statusCode < 500));
  // The call, never the mail: no address, subject or body (a code or a link may be in them).
  const ms = Math.round(performance.now() - started);
  if (error || !data) log.warn({ provider: "resend", outcome: "failed", status: error?.statusCode ?? null, error: error?.name ?? "no_data", ms }, "resend: send failed");
  else log.info({ provider: "resend", outcome: "sent", mailId: data.id, ms }, "resend: mail sent");
  if (error || !data) {
    const status = error && "statusCode" in error && error.statusCode ? ` (${error.statusCode})` : "";
    throw new Error(`Sending email failed${status}: ${error?.name ?? "no_data"}: ${error?.message ?? "the provider answered without an id"}`);
  }
  return { id: data.id };
}

/** The most mails one call to Resend's batch endpoint may carry. */
export const MAIL_BATCH_MAX = 100;

/**
 * Sends up to MAIL_BATCH_MAX mails in one call to Resend's batch endpoint (POST /emails/batch:
 * one request against the rate limit for all of them); resolves to their ids in order, throws
 * when the provider refuses the batch (it then sent none of them). The idempotency key makes a
 * retried batch send nothing twice.
 */
export async function sendMailBatch(mails: readonly MailWithHeaders[], options: { idempotencyKey: string }): Promise<{ ids: string[] }> {
  if (mails.length === 0) return { ids: [] };
  if (mails.length > MAIL_BATCH_MAX) throw new Error(`A batch carries at most ${MAIL_BATCH_MAX} mails (${mails.length} given)`);
  const { client, from } = resendClient();
  const started = performance.now();
  const payload = mails.map(({ to, subject, html, text, headers }) => ({ from, to, subject, html, text, ...(headers ? { headers } : {}) }));
  const { data, error } = await paced(() => client.batch.send(payload, { idempotencyKey: options.idempotencyKey }), true);
  sawProvider(!error || (error.statusCode !== null && error.statusCode < 500));
  const ms = Math.round(performance.now() - started);
  const ids = data?.data.map((item) => item.id) ?? [];
  if (error || ids.length !== mails.length) {
    log.warn({ provider: "resend", outcome: "failed", status: error?.statusCode ?? null, error: error?.name ?? "no_data", mails: mails.length, ms }, "resend: batch failed");
    const status = error?.statusCode ? ` (${error.statusCode})` : "";
    throw new Error(`Sending a batch of email failed${status}: ${error?.name ?? "no_data"}: ${error?.message ?? "the provider answered without the mails' ids"}`);
  }
  log.info({ provider: "resend", outcome: "sent", mails: ids.length, ms }, "resend: batch sent");
  return { ids };
}

/** Where every mail's footer links: the shopper's orders. */
const ordersUrl = myOrdersUrl;

/** A one-time code mail: what it is for, and what happens when the reader did not ask for it. */
function codeEmail(code: string, minutes: number, purpose: string, ifNotYou: string): Promise<MailContent> {
  const subject = `Your ${STORE_NAME} verification code`;
  const validity = `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const text = [`Your ${STORE_NAME} verification code is ${code}. Use it to ${purpose}.`, "", `It expires in ${validity}. ${ifNotYou}`].join("\n");
  return renderMail(subject, createElement(CodeMail, { title: subject, code, purpose, validity, ifNotYou, ordersUrl: ordersUrl() }), text);
}

/** The password-reset code. */
export function otpEmail(code: string, minutes: number): Promise<MailContent> {
  return codeEmail(code, minutes, "reset your password", "If you did not ask to reset your password, ignore this email; your password stays as it is.");
}

/** The code that confirms a new email address, sent to that address. */
export function emailChangeCodeEmail(code: string, minutes: number): Promise<MailContent> {
  return codeEmail(code, minutes, `make this the email address of your ${STORE_NAME} account`, "If you did not ask for this, ignore this email; nothing changes.");
}

/** The code that confirms the account's own address (at the checkout, for cash on delivery). */
export function confirmAddressCodeEmail(code: string, minutes: number): Promise<MailContent> {
  return codeEmail(code, minutes, `confirm the email address of your ${STORE_NAME} account`, "If you did not ask for this, ignore this email; nothing changes.");
}

/** The notice after a password change, so an owner learns of a change they did not make ("" for the name: an unconfirmed address). */
export function passwordChangedEmail(name: string): Promise<MailContent> {
  const subject = `Your ${STORE_NAME} password was changed`;
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const lines = [`The password of your ${STORE_NAME} account was just changed.`, "If this was not you, reset your password now with “Forgot password?” on the sign-in page."];
  return renderMail(subject, createElement(NoticeMail, { title: subject, greeting, lines, ordersUrl: ordersUrl() }), [greeting, "", ...lines].join("\n"));
}

/**
 * The notice to the old address after an email change (the owner may not have made it). To an
 * address that was never confirmed it names neither the holder nor the new address (text the
 * account's holder chose): pass "" and null.
 */
export function emailChangedEmail(name: string, newEmail: string | null): Promise<MailContent> {
  const subject = `Your ${STORE_NAME} email address was changed`;
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const lines = [`The email address of your ${STORE_NAME} account was changed${newEmail ? ` to ${newEmail}` : ""}.`, "If this was not you, contact us right away."];
  return renderMail(subject, createElement(NoticeMail, { title: subject, greeting, lines, ordersUrl: ordersUrl() }), [greeting, "", ...lines].join("\n"));
}

/** The link that confirms an account's address (sign-up, or asked for again): no text the account's holder chose. */
export function confirmAddressEmail(link: string, hours: number): Promise<MailContent> {
  const subject = `Confirm your ${STORE_NAME} email address`;
  const validity = `${hours} hour${hours === 1 ? "" : "s"}`;
  const ifNotYou = "If you did not create an account, ignore this email; without the confirmation we send this address nothing written by whoever used it.";
  const text = [
    `Someone created a ${STORE_NAME} account with this email address. To confirm it is yours, open this link and press “Confirm my email”:`,
    "",
    link,
    "",
    `The link works for ${validity}. ${ifNotYou}`,
  ].join("\n");
  return renderMail(subject, createElement(ConfirmAddressMail, { title: subject, link, validity, ifNotYou, ordersUrl: ordersUrl() }), text);
}
