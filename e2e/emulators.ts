// Where the browser tests' store runs its provider emulators (playwright.config.ts passes the port
// to the launcher as EMULATOR_PORT), and helpers to read the mail the store sent.
export const EMULATOR_PORT = Number(process.env.E2E_EMULATOR_PORT ?? 3101);
export const EMULATOR_URL = `http://127.0.0.1:${EMULATOR_PORT}`;

import { expect, type Page } from "@playwright/test";
import type { OutboxEmail } from "../server/emulators/resend";
import type { PublicOrder } from "../lib/server/orders/types";

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

/** What the hosted page's "Shipping information" section asks for; `state` is the state's code ("KA"). */
export type DeliveryDetailsInput = { name: string; line1: string; line2: string; city: string; state: string; postalCode: string; phone: string };

/** An Indian address the hosted page accepts. */
export const DEFAULT_DELIVERY: Readonly<DeliveryDetailsInput> = {
  name: "Meera Iyer",
  line1: "12 MG Road",
  line2: "",
  city: "Bengaluru",
  state: "KA",
  postalCode: "560001",
  phone: "98765 43210",
};

/**
 * Fills the emulated Stripe payment page's delivery fields, DEFAULT_DELIVERY with `overrides` (say
 * `{ postalCode: "012345" }` for a PIN code it refuses). The phone only when the page asks for one.
 */
export async function fillDeliveryDetails(page: Page, overrides: Partial<DeliveryDetailsInput> = {}) {
  const details = { ...DEFAULT_DELIVERY, ...overrides };
  await page.getByLabel("Full name").fill(details.name);
  await page.getByLabel("Address line 1").fill(details.line1);
  await page.getByLabel("Address line 2 (optional)").fill(details.line2);
  await page.getByLabel("City").fill(details.city);
  await page.getByLabel("State").selectOption(details.state);
  await page.getByLabel("PIN code").fill(details.postalCode);
  const phone = page.getByLabel("Phone number");
  if (await phone.count()) await phone.fill(details.phone);
}

/**
 * Fills the emulated Stripe payment page's card form (and its delivery fields with `name` and the
 * default address, when the session collects a shipping address) and presses Pay (with the keyboard).
 */
export async function payOnHostedPage(page: Page, cardNumber: string, name = "Meera Iyer", delivery: Partial<DeliveryDetailsInput> = {}) {
  await page.getByLabel("Card number").waitFor();
  if (await page.getByLabel("Full name").count()) await fillDeliveryDetails(page, { name, ...delivery });
  await page.getByLabel("Card number").fill(cardNumber);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByLabel("Name on card").fill(name);
  await page.getByRole("button", { name: /^Pay / }).press("Enter");
}

/**
 * On the store's checkout page (/checkout, where the cart's Checkout and Buy Now lead): the
 * shopper's default saved address, or, with none saved, DEFAULT_DELIVERY typed into the new-address
 * form (its PIN fills in the place) and saved; then Card and "Pay ₹X", to the hosted page (which asks
 * no address). `name` is the delivery name typed.
 */
export async function checkoutByCard(page: Page, name = DEFAULT_DELIVERY.name): Promise<void> {
  await page.waitForURL(/\/checkout(\?|$)/);
  const summary = page.getByTestId("checkout-summary");
  await summary.waitFor();
  await addCheckoutAddressIfNone(page, name);
  const card = page.getByRole("radio", { name: /^Card/ });
  await card.check();
  await summary.getByRole("button", { name: /^Pay ₹/ }).click();
  await page.waitForURL(/\/stripe\/pay\//);
}

/** With no saved address, the checkout page's new-address form: DEFAULT_DELIVERY, saved. */
export async function addCheckoutAddressIfNone(page: Page, name = DEFAULT_DELIVERY.name): Promise<void> {
  if ((await page.getByTestId("checkout-address").count()) > 0) return;
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Mobile number").fill(DEFAULT_DELIVERY.phone);
  await page.getByLabel("PIN code", { exact: true }).fill(DEFAULT_DELIVERY.postalCode);
  await page.getByLabel("House no., building and street").fill(DEFAULT_DELIVERY.line1);
  await page.getByLabel("Area, locality or sector").fill("Ashok Nagar");
  // The PIN filled in the place; the town as the shopper writes it.
  await page.waitForFunction(() => (document.querySelector("select[name=state]") as HTMLSelectElement | null)?.value === "KA");
  await page.getByLabel("City or town").fill(DEFAULT_DELIVERY.city);
  await page.getByRole("button", { name: "Use this address" }).click();
  await page.getByTestId("checkout-address").first().waitFor();
}

/**
 * The signed-in shopper's cart bought by card, start to end: the cart's Checkout, the checkout page
 * (checkoutByCard), the hosted page paid with the test card, and the success page. Answers the new
 * order (the newest of the shopper's orders).
 */
export async function payCartByCard(page: Page): Promise<PublicOrder> {
  await page.goto("/user-panel/cart");
  await page.getByRole("button", { name: "Checkout" }).click();
  await checkoutByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/cs_test_`));
  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  return ((await (await page.request.get("/api/get-order-details")).json()) as { data: PublicOrder[] }).data[0]!;
}
