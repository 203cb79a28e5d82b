import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { formatRupees } from "../lib/shared/money";
import { orderNumber } from "../lib/orders/order-number";
import type { PublicOrder } from "../lib/server/orders/types";
import { expectNoSeriousViolations } from "./axe";
import { EMULATOR_URL, payOnHostedPage, readOutbox, checkoutByCard } from "./emulators";
import { productsInStock, SHOPPER_PASSWORD, signInFreshShopper, type StockedProduct } from "./shopper";

// An order's life, walked by its shopper and the demo admin in one browser (the cookies change
// hands): the shopper pays; the admin opens the order's page, ships it with a carrier, a tracking
// number and link; the shopper's My Orders shows "Shipped", the tracking link and the timeline;
// the admin marks it delivered (the returns window opens) and refunds one line with its unit
// back in stock, behind a dialog that states the amount; the refund's mail arrives with that
// amount, and My Orders shows the refund in the timeline. Then a stale page: the admin's "Cancel
// and refund" of an order someone shipped meanwhile hears the server's refusal as it comes.

async function signInAs(page: Page, email: string, password: string) {
  // Off the old page first: its scripts, still running, would answer the cleared session's 401 by
  // dropping the signed-in hint cookie that the next sign-in has just set.
  await page.goto("about:blank");
  await page.context().clearCookies();
  if (email === DEMO_ADMIN.email) return signInAsDemoAdmin(page);
  const answer = await page.request.post("/api/signin", { data: { email, password } });
  expect(answer.status()).toBe(200);
}

/** A fresh shopper pays by card for `lines` (product, units); answers their email and the order. */
async function paidOrder(page: Page, prefix: string, lines: [StockedProduct, number][]): Promise<{ email: string; order: PublicOrder }> {
  const email = await signInFreshShopper(page, prefix);
  for (const [product, units] of lines) {
    for (let unit = 0; unit < units; unit++) expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  }
  await page.goto("/user-panel/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(lines.length);
  await page.getByRole("button", { name: "Checkout" }).click();
  await checkoutByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/cs_test_`));
  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  await expect(page.locator("main").getByTestId("order").filter({ visible: true })).toBeVisible();
  const orders = (await (await page.request.get("/api/get-order-details")).json()).data as PublicOrder[];
  expect(orders).toHaveLength(1);
  return { email, order: orders[0]! };
}

/** The product's availability as shoppers read it (the catalogue, cached). */
const available = async (page: Page, productId: string) =>
  ((await (await page.request.get("/api/get-product")).json()).data as StockedProduct[]).find((product) => product._id === productId)!.available;

/** The same from the admin's product list, read from the database. */
const adminAvailable = async (page: Page, productId: string) =>
  ((await (await page.request.get("/api/admin-products?limit=100&page=1")).json()).data as StockedProduct[]).find((product) => product._id === productId)!.available;

/** The shopper's card for the order on My Orders (the visible copy). */
async function myOrderCard(page: Page) {
  await page.goto("/user-panel/my-orders");
  const card = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(card).toHaveCount(1);
  return card;
}

test("@mobile an order's life: paid, shipped with tracking, delivered, one line refunded; the shopper follows in My Orders and the mail", async ({ page }, testInfo) => {
  const [first, second] = await productsInStock(page, 2);
  const { email, order } = await paidOrder(page, "lifecycle", [
    [first!, 2],
    [second!, 1],
  ]);
  const number = orderNumber(order._id);
  const single = order.productDetails.find((line) => line.quantity === 1)!;
  const orderPath = `/admin-panel/orders/${order._id}`;

  // The admin's page of the paid order: its number and state, the lines, what was paid.
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(orderPath);
  const heading = page.getByRole("heading", { level: 1, name: `Order ${number}` });
  await expect(heading).toBeVisible();
  const status = page.locator("main").getByTestId("order-status");
  await expect(status).toHaveText("Paid, not yet shipped");
  await expect(page.getByTestId("admin-order-item")).toHaveCount(2);
  await expect(page.getByTestId("order-total")).toHaveText(formatRupees(Math.round(order.total_amount * 100)));
  await expect(page.getByText("Not shipped yet.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("order-paid.png"), fullPage: true });

  // On paper: the packing slip alone (store, number and date, address and phone, what to pack).
  await page.emulateMedia({ media: "print" });
  const slip = page.getByTestId("packing-slip");
  await expect(slip).toBeVisible();
  await expect(slip).toContainText("Volt Electronics");
  await expect(slip).toContainText(number);
  await expect(slip).toContainText("Meera Iyer");
  await expect(slip).toContainText("Phone: +91 98765 43210");
  await expect(slip.getByTestId("packing-slip-line")).toHaveCount(2);
  await expect(slip.getByTestId("packing-slip-line").filter({ hasText: first!.productName })).toContainText("2");
  await expect(page.getByRole("button", { name: "Print packing slip" })).toBeHidden();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Admin menu" })).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath("packing-slip.png"), fullPage: true });
  await page.emulateMedia({ media: "screen" });
  await expect(slip).toBeHidden();

  // Mark shipped: the carrier and tracking number are checked before anything is sent.
  await page.getByRole("button", { name: "Mark shipped" }).click();
  const ship = page.getByRole("dialog", { name: `Mark order ${number} shipped` });
  await expect(ship).toBeVisible();
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(ship.getByText("Choose a carrier from the list")).toBeVisible();
  await expect(ship.getByText("A tracking number is 6 to 40 letters, digits or dashes")).toBeVisible();
  await ship.getByLabel("Carrier", { exact: true }).selectOption("Other");
  await ship.getByLabel("Tracking number").fill("AB 12");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(ship.getByText("Enter the carrier's name")).toBeVisible();
  await expect(ship.getByLabel("Carrier name")).toBeFocused();
  await expect(ship.getByText("A tracking number is 6 to 40 letters, digits or dashes")).toBeVisible();
  await ship.getByLabel("Carrier", { exact: true }).selectOption("Blue Dart");
  await expect(ship.getByLabel("Carrier name")).toHaveCount(0);
  await ship.getByLabel("Tracking number").fill("BD-12345678");
  await ship.getByLabel("Tracking link (optional)").fill("https://www.bluedart.com/track/BD-12345678");
  await expect(ship.getByText(`Order ${number} will be marked shipped with Blue Dart, and the customer emailed the tracking.`)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("ship-dialog.png") });
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(page.getByText(`Order ${number} marked shipped with Blue Dart`)).toBeVisible();
  await expect(ship).toBeHidden();
  await expect(status).toHaveText("Shipped");
  await expect(heading).toBeFocused();
  await expect(page.locator("main").getByTestId("tracking-link")).toHaveAttribute("href", "https://www.bluedart.com/track/BD-12345678");
  await expect(page.getByRole("button", { name: "Mark shipped" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel and refund" })).toHaveCount(0);
  await expect(page.locator("main").getByTestId("timeline-entry")).toHaveCount(2);
  await expect(page.locator("main").getByTestId("order-timeline")).toContainText("Shipped with Blue Dart (BD-12345678) · admin");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("order-shipped.png"), fullPage: true });

  // The shopper: "Shipped", the tracking link, the timeline; and the mail that says so.
  await signInAs(page, email, SHOPPER_PASSWORD);
  let card = await myOrderCard(page);
  await expect(card.getByTestId("order-status")).toHaveText("Shipped");
  await expect(card.getByTestId("order-tracking")).toContainText("BD-12345678");
  await expect(card.getByTestId("tracking-link")).toHaveAttribute("href", "https://www.bluedart.com/track/BD-12345678");
  await expect(card.getByTestId("order-timeline").getByTestId("timeline-entry")).toHaveCount(2);
  await expect(card.getByTestId("order-timeline")).toContainText("Shipped with Blue Dart (BD-12345678)");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-shipped.png"), fullPage: true });
  await expect.poll(async () => (await readOutbox(email)).filter((mail) => mail.subject === `Your Volt Electronics order ${number} has shipped`).length).toBe(1);

  // Mark delivered, behind a confirmation; the returns window opens.
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(orderPath);
  await page.getByRole("button", { name: "Mark delivered" }).click();
  const deliver = page.getByRole("dialog", { name: `Mark order ${number} delivered?` });
  await expect(deliver).toContainText("returns window starts now");
  await deliver.getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.getByText(`Order ${number} marked delivered`)).toBeVisible();
  await expect(status).toHaveText("Delivered");
  await expect(page.getByTestId("returns-window")).toHaveText(/^Returns window open until \d{1,2} [A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByRole("button", { name: "Mark delivered" })).toHaveCount(0);

  // Refund the one-unit line, its unit back in stock: the dialog's total and button say the amount.
  const stockBefore = await adminAvailable(page, single.productId!);
  const amount = formatRupees(Math.round(single.price * 100));
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const refund = page.getByRole("dialog", { name: `Refund order ${number}` });
  await expect(refund.getByTestId("refund-summary")).toHaveText("No units chosen yet.");
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refund.getByRole("alert")).toHaveText("Choose the units to refund.");
  const units = refund.getByLabel(`Units to refund: ${single.name}`);
  await units.fill("2");
  await expect(refund.getByText("Enter a whole number from 0 to 1")).toBeVisible();
  await units.fill("1");
  await expect(refund.getByRole("alert")).toHaveCount(0);
  await expect(refund.getByTestId("refund-summary")).toHaveText(`${amount} goes back to the customer's card.`);
  await refund.getByLabel("Return these units to stock").check();
  await refund.getByLabel("Reason (optional; the customer sees it)").fill("Returned unopened");
  await expect(refund.getByTestId("outside-window")).toHaveCount(0);
  // Everything left is offered too, and says its own amount (shipping included).
  await refund.getByLabel(/^Everything left/).check();
  await expect(refund.getByRole("button", { name: `Refund ${formatRupees(Math.round(order.total_amount * 100))}` })).toBeVisible();
  await refund.getByLabel("Units of these lines").check();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("refund-dialog.png") });
  await refund.getByRole("button", { name: `Refund ${amount}` }).click();
  await expect(page.getByText(`Refunded ${amount} on order ${number}`)).toBeVisible();
  await expect(refund).toBeHidden();
  const row = page.getByTestId("refund");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("refund-amount")).toHaveText(amount);
  await expect(row.getByTestId("refund-status")).toHaveText("Succeeded");
  await expect(row).toContainText("Returned unopened");
  await expect(row).toContainText("units back in stock");
  await expect(page.getByTestId("admin-order-item").filter({ hasText: single.name }).getByTestId("order-item-refunded")).toHaveText("Refunded: 1 of 1");
  await expect(page.getByTestId("order-refunded")).toHaveText(amount);
  await expect(status).toHaveText("Delivered");
  await expect(page.locator("main").getByTestId("order-timeline")).toContainText(`Refunded ${amount}`);
  // The unit is back (the admin's list reads the database), and shoppers see it at once (the
  // catalogue's cached reads were refreshed).
  expect(await adminAvailable(page, single.productId!)).toBe(stockBefore + 1);
  expect(await available(page, single.productId!)).toBe(stockBefore + 1);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("order-refunded.png"), fullPage: true });

  // The refund's mail, with the amount, the units and the admin's reason.
  await expect.poll(async () => (await readOutbox(email)).filter((mail) => mail.subject === `A refund of ${amount} on your Volt Electronics order ${number}`).length).toBe(1);
  const mail = (await readOutbox(email)).find((candidate) => candidate.subject.startsWith("A refund of"))!;
  expect(mail.text).toContain(`We have refunded ${amount} on your order ${number} for 1 × ${single.name}.`);
  expect(mail.text).toContain("Reason: Returned unopened");

  // The shopper's My Orders: delivered, the refund in the timeline.
  await signInAs(page, email, SHOPPER_PASSWORD);
  card = await myOrderCard(page);
  await expect(card.getByTestId("order-status")).toHaveText("Delivered");
  await expect(card.getByTestId("order-timeline").getByTestId("timeline-entry")).toHaveCount(4);
  await expect(card.getByTestId("order-timeline")).toContainText(`Refunded ${amount}`);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-refunded.png"), fullPage: true });
});

test("@mobile a stale page: the admin's cancel of an order shipped meanwhile states the amount, then shows the server's refusal as it comes", async ({ page }, testInfo) => {
  const [product] = await productsInStock(page, 1);
  const { order } = await paidOrder(page, "stale", [[product!, 1]]);
  const number = orderNumber(order._id);
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto(`/admin-panel/orders/${order._id}`);
  const status = page.locator("main").getByTestId("order-status");
  await expect(status).toHaveText("Paid, not yet shipped");

  await page.getByRole("button", { name: "Cancel and refund" }).click();
  const cancel = page.getByRole("dialog", { name: `Cancel order ${number}?` });
  await expect(cancel).toContainText(`${formatRupees(Math.round(order.total_amount * 100))} goes back to the customer, shipping included.`);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("cancel-dialog.png") });

  // Someone else ships it meanwhile.
  const shipped = await page.request.post("/api/ship-order", { data: { orderId: order._id, carrier: "Delhivery", trackingNumber: "DL-99887766" } });
  expect(shipped.status()).toBe(200);

  await cancel.getByRole("button", { name: "Cancel and refund" }).click();
  await expect(cancel.getByRole("alert")).toHaveText("This order has shipped: it can no longer be cancelled.");
  // The page catches up behind the dialog.
  await expect(status).toHaveText("Shipped");
  await cancel.getByRole("button", { name: "Keep order" }).click();
  await expect(cancel).toBeHidden();
  await expect(page.getByRole("button", { name: "Cancel and refund" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark delivered" })).toBeVisible();
  await expect(page.getByTestId("refund")).toHaveCount(0);
});

test("an unknown order's page is the 404 page", async ({ page }) => {
  await signInAs(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto("/admin-panel/orders/0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
