import { expect, signInAsDemoAdmin, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { payCartByCard, readOutbox } from "./emulators";
import { productsInStock, signInAsShopper, signInFreshShopper, signOutOfPage } from "./shopper";
import { png } from "../tests/png";
import { formatRupeeAmount, formatRupees } from "../lib/shared/money";
import { orderNumber } from "../lib/orders/order-number";

// A return, walked by its shopper and the demo admin in one browser (the cookies change hands):
// the shopper's delivered order offers "Request a return"; they send both units back as damaged,
// with a photo; the admin finds the request under the orders screen's Returns tab, approves it
// with a pickup date, and marks it received: the whole order came back for a fault, so it is
// refunded with its shipping and is Refunded, with no packing slip and no returns window left;
// My Orders says so, and each step's mail arrived once. Then the footer's Contact us.

test("@mobile a return: requested with a photo, approved with a pickup date, received and refunded", async ({ page }, testInfo) => {
  // Two people, four pages and a checkout: longer than one journey's default.
  test.setTimeout(180_000);
  const [product] = await productsInStock(page, 1);
  const email = await signInFreshShopper(page, "returns");
  for (let unit = 0; unit < 2; unit++) expect((await page.request.post("/api/add-to-cart", { data: { productId: product!._id } })).ok()).toBe(true);
  const order = await payCartByCard(page);
  const number = orderNumber(order._id);

  // The admin ships and delivers it.
  await signOutOfPage(page);
  await signInAsDemoAdmin(page);
  expect((await page.request.post("/api/ship-order", { data: { orderId: order._id, carrier: "Blue Dart", trackingNumber: "BD12345678" } })).status()).toBe(200);
  expect((await page.request.post("/api/deliver-order", { data: { orderId: order._id } })).status()).toBe(200);

  // The shopper asks for the return: both units, damaged, one photo.
  await signInAsShopper(page, email);
  await page.goto("/user-panel/my-orders");
  const card = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(card.getByTestId("order-returns")).toContainText("Returns open until");
  await card.getByRole("button", { name: "Request a return" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a return" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(product!.productName)).toHaveValue("2");
  await dialog.getByLabel("Reason").selectOption("damaged");
  await dialog.getByLabel("Anything we should know? (optional)").fill("The screen came cracked");
  await dialog.getByLabel(/^Photos/).setInputFiles({ name: "crack.png", mimeType: "image/png", buffer: png(8, 8) });
  await expect(dialog.getByTestId("return-photos")).toHaveText("1 added");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("return-request.png"), fullPage: true });
  await dialog.getByRole("button", { name: "Request return" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("return-status")).toHaveText("Return requested");
  await expect(card.getByRole("button", { name: "Request a return" })).toHaveCount(0);

  // The admin finds it under Returns, approves it with a pickup date, then marks it received.
  await signOutOfPage(page);
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/orders?status=returns");
  await page.getByTestId("admin-order").filter({ hasText: number }).filter({ visible: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();
  const panel = page.getByTestId("admin-return");
  await expect(panel).toContainText("2 × " + product!.productName);
  await expect(panel).toContainText("Damaged");
  await expect(panel).toContainText("The screen came cracked");
  await expect(panel.getByRole("img", { name: "Photo 1 of the return" })).toBeVisible();
  await panel.getByRole("button", { name: "Approve return" }).click();
  const approve = page.getByRole("dialog", { name: "Approve the return" });
  await approve.getByRole("button", { name: "Approve return" }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByTestId("admin-return-status")).toHaveText("Return approved");
  await page.getByTestId("admin-return").getByRole("button", { name: "Mark received" }).click();
  const receive = page.getByRole("dialog", { name: "Mark the return received?" });
  const total = Math.round(order.total_amount * 100);
  await expect(receive).toContainText(`${formatRupees(total)} goes back to the customer, shipping`);
  await expect(receive).toContainText("Damaged: the units do not go back to stock.");
  await receive.getByRole("button", { name: "Mark received and refund" }).click();
  await expect(receive).toBeHidden();
  await expect(page.locator("main").getByTestId("order-status").first()).toHaveText("Refunded");
  await expect(page.getByTestId("admin-return-status")).toHaveText("Return received");
  // A refunded order: nothing to pack, no returns window.
  await expect(page.getByRole("button", { name: "Print packing slip" })).toHaveCount(0);
  await expect(page.getByTestId("returns-window")).toHaveCount(0);
  await expect(page.getByTestId("packing-slip")).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("return-received.png"), fullPage: true });

  // The shopper reads it in My Orders and in the mail: each step once.
  await signInAsShopper(page, email);
  await page.goto("/user-panel/my-orders");
  await expect(card.getByTestId("order-status")).toHaveText("Refunded");
  await expect(card.getByTestId("return-status")).toHaveText("Return received");
  await expect(card.getByTestId("order-returns")).toHaveCount(0);
  await expect(card.getByTestId("order-refunded")).toHaveText(formatRupeeAmount(order.total_amount));
  await expect
    .poll(async () => (await readOutbox(email)).map((mail) => mail.subject).filter((subject) => /return|refund/i.test(subject)).length)
    .toBe(4);
  const subjects = (await readOutbox(email)).map((mail) => mail.subject);
  for (const words of ["Your return request for", "is approved", "has reached us", "A refund of"]) expect(subjects.filter((subject) => subject.includes(words)), words).toHaveLength(1);

  // The footer's Contact us leads to the store's support address.
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  // Visible: after a client navigation React may still hold a hidden copy of the streamed part.
  await expect(page.getByTestId("support-email").filter({ visible: true })).toHaveText("support@volt.local");
});
