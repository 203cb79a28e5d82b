import "server-only";
import { Resend } from "resend";
import { readConfig } from "./config";

// Mail goes through the Resend SDK: to Resend itself with RESEND_API_KEY, otherwise to the local
// emulator at EMULATOR_URL (development, tests, the demo), whose outbox is /resend/outbox.

const STORE_NAME = "Volt Electronics";
/** Any key works with the emulator; it only checks that a Bearer `re_…` key is sent. */
const EMULATOR_KEY = "re_emulator";

export type MailContent = { subject: string; html: string; text: string };
export type Mail = MailContent & { to: string };

function resendClient(): { client: Resend; from: string } {
  const config = readConfig();
  if (config.resend.apiKey) return { client: new Resend(config.resend.apiKey), from: config.resend.from };
  if (config.emulatorUrl) {
    return { client: new Resend(EMULATOR_KEY, { baseUrl: config.emulatorUrl }), from: config.resend.from };
  }
  throw new Error("Email is not configured: set RESEND_API_KEY, or run the store with `npm run dev` so EMULATOR_URL points at the local emulator.");
}

/** Sends one email; resolves to the provider's id, throws when the provider refuses it. */
export async function sendMail({ to, subject, html, text }: Mail): Promise<{ id: string }> {
  const { client, from } = resendClient();
  const { data, error } = await client.emails.send({ from, to, subject, html, text });
  if (error || !data) {
    const status = error && "statusCode" in error && error.statusCode ? ` (${error.statusCode})` : "";
    throw new Error(`Sending email failed${status}: ${error?.name ?? "no_data"}: ${error?.message ?? "the provider answered without an id"}`);
  }
  return { id: data.id };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(STORE_NAME)}</h1>${body}
<p style="margin:24px 0 0;font-size:12px;color:#71717a">This email was sent by ${escapeHtml(STORE_NAME)}.</p>
</div></body></html>`;
}

/** The password-reset code. */
export function otpEmail(code: string, minutes: number): MailContent {
  const subject = `Your ${STORE_NAME} verification code`;
  const validity = `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const html = layout(subject, [
    "Use this code to reset your password:",
    `<strong style="font-size:28px;letter-spacing:6px">${escapeHtml(code)}</strong>`,
    `It expires in ${escapeHtml(validity)}. If you did not ask to reset your password, ignore this email; your password stays as it is.`,
  ]);
  const text = [
    `Your ${STORE_NAME} verification code is ${code}.`,
    "",
    `It expires in ${validity}. If you did not ask to reset your password, ignore this email; your password stays as it is.`,
  ].join("\n");
  return { subject, html, text };
}

/** The notice after a password change, so an owner learns of a change they did not make. */
export function passwordChangedEmail(name: string): MailContent {
  const subject = `Your ${STORE_NAME} password was changed`;
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const html = layout(subject, [
    escapeHtml(greeting),
    `The password of your ${escapeHtml(STORE_NAME)} account was just changed.`,
    "If this was not you, reset your password now with “Forgot password?” on the sign-in page.",
  ]);
  const text = [
    greeting,
    "",
    `The password of your ${STORE_NAME} account was just changed.`,
    "If this was not you, reset your password now with “Forgot password?” on the sign-in page.",
  ].join("\n");
  return { subject, html, text };
}

/** The notice to the old address after an email change (the owner may not have made it). */
export function emailChangedEmail(name: string, newEmail: string): MailContent {
  const subject = `Your ${STORE_NAME} email address was changed`;
  const greeting = name.trim() ? `Hello ${name.trim()},` : "Hello,";
  const html = layout(subject, [
    escapeHtml(greeting),
    `The email address of your ${escapeHtml(STORE_NAME)} account was changed to ${escapeHtml(newEmail)}.`,
    "If this was not you, contact us right away.",
  ]);
  const text = [greeting, "", `The email address of your ${STORE_NAME} account was changed to ${newEmail}.`, "If this was not you, contact us right away."].join("\n");
  return { subject, html, text };
}
