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

/**
 * Sends one email; resolves to the provider's id, throws when the provider refuses it. With an
 * idempotency key, Resend sends at most one mail for that key (for 24 hours), however often asked.
 */
export async function sendMail({ to, subject, html, text }: Mail, options: { idempotencyKey?: string } = {}): Promise<{ id: string }> {
  const { client, from } = resendClient();
  const send = () => client.emails.send({ from, to, subject, html, text }, options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : undefined);
  const started = performance.now();
  let { data, error } = await send();
  // The request never got an answer (a kept-alive connection the server had just closed, say):
  // once more. Only with an idempotency key, which makes a repeat send nothing twice.
  if (error && error.statusCode === null && options.idempotencyKey) ({ data, error } = await send());
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
