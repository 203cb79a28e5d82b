import type { APIRequestContext } from "@playwright/test";
import { expect, test, type Locator, type Page } from "./fixtures";
import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { formatRupeeAmount } from "../lib/shared/money";
import { orderNumber } from "../lib/orders/order-number";
import { expectNoSeriousViolations } from "./axe";
import { EMULATOR_URL, payOnHostedPage, readOutbox, checkoutByCard } from "./emulators";
import { productsInStock, signInFreshShopper } from "./shopper";

// My Orders after the payment: the order's state, its timeline, the shopper cancelling a paid
// order behind a confirmation that states the refund (and the mail saying so), and, once the
// store ships it (the demo admin through the API, in a session of its own), the tracking link, a
// cancellation refused because it shipped meanwhile, and a delivered order's returns window.

type Order = { _id: string; total_amount: number; status: string };

/** Two units of one product bought on the (emulated) hosted page by a fresh shopper; answers the mail address and the order. */
async function buyTwo(page: Page, prefix: string): Promise<{ email: string; order: Order }> {
  const email = await signInFreshShopper(page, prefix);
  const [product] = await productsInStock(page, 1);
  for (let i = 0; i < 2; i++) expect((await page.request.post("/api/add-to-cart", { data: { productId: product!._id } })).ok()).toBe(true);
  await page.goto("/user-panel/cart");
  await page.getByRole("button", { name: "Checkout" }).click();
  await checkoutByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/cs_test_`));
  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment Successfull..!" })).toBeVisible();
  const orders = (await (await page.request.get("/api/get-order-details")).json()).data as Order[];
  expect(orders).toHaveLength(1);
  return { email, order: orders[0]! };
}

/** The demo admin's own session (the `request` fixture keeps cookies apart from the page's). */
async function signInAdmin(request: APIRequestContext) {
  expect((await request.post("/api/signin", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } })).status()).toBe(200);
}

/** My Orders' one card (Next may keep a page just left in the DOM, hidden: the visible one). */
function orderCard(page: Page) {
  return page.locator("main").getByTestId("order").filter({ visible: true });
}

/** An element's height in whole pixels. */
async function height(element: Locator): Promise<number> {
  return Math.round((await element.boundingBox())!.height);
}

/** What each timeline entry says (its first line; the date and any note are under it). */
function events(card: Locator) {
  return card.getByTestId("timeline-entry").locator("p:first-of-type");
}

test("@mobile a shopper sees a paid order's state and timeline, cancels it behind a confirmation that states the refund, and is mailed", async ({ page }, testInfo) => {
  const { email, order } = await buyTwo(page, "cancel-order");
  const number = orderNumber(order._id);
  const amount = formatRupeeAmount(order.total_amount);

  // While the list loads, the skeleton's header is the card's size (a long product name makes a
  // line taller than its skeleton; the header never): the orders are held until it is measured.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/get-order-details", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/user-panel/my-orders");
  const skeleton = page.getByLabel("Loading your orders").locator("> div").first();
  await expect(skeleton).toBeVisible();
  const skeletonHeader = await height(skeleton.locator("> div").first());
  release();
  const card = orderCard(page);
  await expect(card).toHaveCount(1);
  expect(await height(card.locator("header"))).toBe(skeletonHeader);
  await page.unroute("**/api/get-order-details");
  await expect(card.getByTestId("order-status")).toHaveText("Paid, not yet shipped");
  await expect(card.getByTestId("order-tracking")).toHaveCount(0);
  await expect(events(card)).toHaveText([`Paid ${amount}`]);
  await expect(card.getByTestId("order-refunded")).toHaveCount(0);
  await expect(card.getByTestId("order-payment-status")).toHaveText("Paid");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-paid.png"), fullPage: true });

  // Keep order: nothing happens, and the focus is back on the button.
  const cancelButton = card.getByRole("button", { name: `Cancel order ${number}` });
  await cancelButton.click();
  const dialog = page.getByRole("dialog", { name: `Cancel order ${number}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("cancel-refund")).toHaveText(`${amount} will be refunded to your card, shipping included.`);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-confirm.png") });
  await dialog.getByRole("button", { name: "Keep order" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(cancelButton).toBeFocused();
  await expect(card.getByTestId("order-status")).toHaveText("Paid, not yet shipped");

  // With the keyboard this time: Enter opens the confirmation, then "Cancel order".
  await cancelButton.press("Enter");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText(`Order cancelled. ${amount} is on its way back to you.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId("order-status")).toHaveText("Cancelled");
  await expect(card.getByRole("heading", { name: `Order ${number}` })).toBeFocused();
  await expect(card.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);
  await expect(events(card)).toHaveText([`Paid ${amount}`, "Cancelled · by you", `Refunded ${amount} · by you`]);
  await expect(card.getByTestId("order-refunded")).toHaveText(amount);
  // Not "Paid" above "Refunded ₹…" (issue 35).
  await expect(card.getByTestId("order-payment-status")).toHaveText("Refunded");
  await expect(card.getByTestId("order-item-refunded")).toHaveText("refunded");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-cancelled.png"), fullPage: true });

  // One mail says so, with the amount; the refund has no mail of its own.
  await expect.poll(async () => (await readOutbox(email)).filter((mail) => mail.subject.includes(`order ${number} is cancelled`)).length).toBe(1);
  const mail = (await readOutbox(email)).find((mail) => mail.subject.includes(`order ${number} is cancelled`))!;
  expect(mail.text).toContain(`A refund of ${amount} is on its way to your card`);
  expect((await readOutbox(email)).filter((mail) => /^A refund of/.test(mail.subject))).toEqual([]);

  // Reloaded, it is still cancelled.
  await page.reload();
  await expect(orderCard(page).getByTestId("order-status")).toHaveText("Cancelled");
});

test("@mobile once shipped: a cancellation in flight is refused with the server's word, the tracking link shows, and a delivered order shows its returns window", async ({ page, request }, testInfo) => {
  const { order } = await buyTwo(page, "shipped-order");
  const number = orderNumber(order._id);
  await signInAdmin(request);

  // The shopper opens the confirmation; the store ships the order meanwhile.
  await page.goto("/user-panel/my-orders");
  const card = orderCard(page);
  await expect(card.getByTestId("order-status")).toHaveText("Paid, not yet shipped");
  await card.getByRole("button", { name: `Cancel order ${number}` }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel order ${number}?` });
  await expect(dialog).toBeVisible();
  const trackingUrl = "https://www.bluedart.com/tracking?awb=BD12345678";
  const shipped = await request.post("/api/ship-order", { data: { orderId: order._id, carrier: "Blue Dart", trackingNumber: "BD12345678", trackingUrl } });
  expect(shipped.status()).toBe(200);

  await dialog.getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByText("This order has shipped: it can no longer be cancelled.")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId("order-status")).toHaveText("Shipped");
  await expect(card.getByRole("heading", { name: `Order ${number}` })).toBeFocused();
  await expect(card.getByRole("button", { name: /^Cancel order/ })).toHaveCount(0);
  await expect(card.getByTestId("order-tracking")).toContainText("Blue Dart · BD12345678");
  await expect(card.getByTestId("tracking-link")).toHaveAttribute("href", trackingUrl);
  await expect(card.getByTestId("tracking-link")).toHaveAttribute("target", "_blank");
  await expect(events(card)).toHaveText([/^Paid /, "Shipped with Blue Dart (BD12345678) · by the store"]);
  await expect(card.getByTestId("order-returns")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-shipped.png"), fullPage: true });

  // Delivered: the returns window's last day, and the policy a tap away.
  expect((await request.post("/api/deliver-order", { data: { orderId: order._id } })).status()).toBe(200);
  const ends = ((await (await page.request.get("/api/get-order-details")).json()).data as { return_window_ends: string }[])[0]!.return_window_ends;
  const day = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" }).format(new Date(ends));
  await page.reload();
  await expect(orderCard(page).getByTestId("order-status")).toHaveText("Delivered");
  const returns = orderCard(page).getByTestId("order-returns");
  await expect(returns).toHaveText(`Returns open until ${day} — see the returns policy`);
  await expect(events(orderCard(page))).toHaveText([/^Paid /, /^Shipped with Blue Dart/, "Delivered · by the store"]);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-delivered.png"), fullPage: true });
  await returns.getByRole("link", { name: "see the returns policy" }).click();
  await expect(page).toHaveURL(/\/returns-policy$/);
});
