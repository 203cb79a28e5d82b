// Where the browser tests' store runs its provider emulators (playwright.config.ts passes the port
// to the launcher as EMULATOR_PORT), and helpers to read the mail the store sent.
export const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 3101);
export const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

import type { Page } from "@playwright/test";
import type { OutboxEmail } from "../scripts/emulators/resend";

export type { OutboxEmail };

/** The emulator's outbox, newest first; only mail to `to` (case-insensitive) when given. */
export async function readOutbox(to?: string): Promise<OutboxEmail[]> {
  const url = new URL("/resend/outbox", EMULATOR_URL);
  if (to) url.searchParams.set("to", to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url.href} answered ${response.status}`);
  return (await response.json()) as OutboxEmail[];
}

/** The newest mail to `email`, or undefined when none was sent. */
export async function latestEmailTo(email: string): Promise<OutboxEmail | undefined> {
  return (await readOutbox(email))[0];
}

/** Fills the emulated Stripe payment page's card form and presses Pay (with the keyboard). */
export async function payOnHostedPage(page: Page, cardNumber: string, name = "Meera Iyer") {
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(name);
  await page.getByRole("button", { name: /^Pay / }).press("Enter");
}
