import type { Browser } from "@playwright/test";
import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { addCheckoutAddressIfNone, readOutbox } from "./emulators";
import { signInFreshShopper } from "./shopper";
import type { PublicOrder } from "../lib/server/orders/types";

// Cash on delivery from the checkout page: an unconfirmed address is confirmed first, by a code; a
// confirmed shopper places the order by keyboard alone, lands on the order-placed page (not the
// card's "Payment Successfull..!"), and My Orders says what to pay on delivery.

/** The confirmation link mailed at sign-up, opened and its button pressed, in this page's session. */
async function confirmEmailFor(page: Page, email: string): Promise<void> {
  let link = "";
  await expect
    .poll(async () => (link = /https?:\/\/\S+#token=[\w.-]+/.exec((await readOutbox(email)).find((mail) => mail.subject.startsWith("Confirm your"))?.text ?? "")?.[0] ?? ""), { timeout: 15_000 })
    .not.toBe("");
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.hash}`);
  await page.getByRole("button", { name: "Confirm my email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your email address is confirmed. Thank you." })).toBeVisible();
}

test("@mobile cash on delivery: asked to confirm the email first, then placed by keyboard alone; the order-placed page and My Orders say what to pay", async ({ page }, testInfo) => {
  const email = await signInFreshShopper(page, "cod");
  // One that cash on delivery takes (up to ₹20,000).
  const products = (await (await page.request.get("/api/get-product")).json()).data as { _id: string; sellingPrice: number; available: number }[];
  const product = products.find((item) => item.available >= 2 && item.sellingPrice <= 15_000);
  expect((await page.request.post("/api/add-to-cart", { data: { productId: product!._id } })).ok()).toBe(true);
  await page.goto("/checkout");
  await addCheckoutAddressIfNone(page);
  const cod = page.getByRole("radio", { name: /^Cash on delivery/ });
  await expect(cod).toBeEnabled();
  await cod.check();
  const prompt = page.getByTestId("cod-confirm-email");
  await expect(prompt).toContainText("confirm your email address first");
  await expect(page.getByTestId("checkout-summary").getByRole("button", { name: "Place order" })).toBeDisabled();
  // Confirmed on the spot, by the code mailed to the address: a wrong code first.
  await prompt.getByRole("button", { name: "Send the code" }).click();
  let code = "";
  await expect
    .poll(async () => (code = /code is (\d{6})/.exec((await readOutbox(email)).find((mail) => mail.subject.includes("verification code"))?.text ?? "")?.[1] ?? ""), { timeout: 15_000 })
    .not.toBe("");
  await prompt.getByLabel("Code from the email").fill(code === "000000" ? "111111" : "000000");
  await prompt.getByRole("button", { name: "Confirm" }).click();
  await expect(prompt.getByRole("alert")).toHaveText("That code is not right, or it has expired. Ask for a new one.");
  await prompt.getByLabel("Code from the email").fill(code);
  await prompt.getByLabel("Code from the email").press("Enter");
  await expect(prompt).toHaveCount(0);
  await expect(page.getByTestId("checkout-summary").getByRole("button", { name: "Place order" })).toBeEnabled();
  await page.goto("/checkout");
  await expect(page.getByTestId("checkout-address")).toHaveCount(1);
  // By keyboard alone: the address radio, then the payment radios, then the button.
  await page.getByTestId("checkout-address").getByRole("radio").focus();
  await expect(page.getByTestId("checkout-address").getByRole("radio")).toBeChecked();
  await page.getByRole("radio", { name: /^Card/ }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /^Cash on delivery/ })).toBeChecked();
  const total = (await page.getByTestId("checkout-total").textContent())!;
  await expect(page.getByText(`You pay ${total} in cash when the parcel arrives.`)).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`checkout-cod-${testInfo.project.name}.png`), fullPage: true });
  await page.getByTestId("checkout-summary").getByRole("button", { name: "Place order" }).focus();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/order-placed\/[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Order placed" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment Successfull..!" })).toHaveCount(0);
  await expect(page.getByTestId("pay-on-delivery")).toContainText(`Pay ${total} in cash when your parcel arrives`);
  const order = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(order.getByTestId("order-payment-status")).toHaveText("To pay on delivery");
  await expect(order.getByText("Cash on delivery")).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto("/user-panel/my-orders");
  const mine = page.locator("main").getByTestId("order").filter({ visible: true }).first();
  await expect(mine.getByTestId("order-status")).toHaveText("Placed, to be paid on delivery");
  await expect(mine.getByTestId("order-payment-status")).toHaveText("To pay on delivery");
  await page.goto("/user-panel/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("the admin's side of cash on delivery: confirmed after a call, shipped, delivered, the cash recorded; My Orders then says paid", async ({ page, browser }) => {
  await signInFreshShopper(page, "cod-admin");
  const products = (await (await page.request.get("/api/get-product")).json()).data as { _id: string; sellingPrice: number; available: number }[];
  const product = products.find((item) => item.available >= 2 && item.sellingPrice <= 15_000)!;
  const address = { name: "Ravi Kumar", phone: "9845012399", line1: "7 Temple Street", area: "Basavanagudi", city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560004" };
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsDemoAdmin(admin);
  const shopperEmail = (await (await page.request.get("/api/user-details")).json()).data.email as string;
  await confirmEmailFor(page, shopperEmail);
  const placed = await page.request.post("/api/place-order", { data: { productId: product._id, address, saveAddress: false, paymentMethod: "cod" } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data.order._id as string;

  await admin.goto("/admin-panel/orders?status=PLACED");
  await expect(admin.getByTestId("admin-order-cod").filter({ hasText: "not confirmed: call +91 98450 12399" })).toHaveCount(1);
  await admin.goto(`/admin-panel/orders/${orderId}`);
  // Shipping asks for the confirmation first, with the phone to call.
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  const confirm = admin.getByRole("dialog");
  await expect(confirm).toContainText("+91 98450 12399");
  await confirm.getByRole("button", { name: "Confirm order" }).click();
  await expect(admin.getByText("Order confirmed: we will send it soon")).toBeVisible();
  // The page reads the order again: until then Mark shipped still asks for the confirmation.
  await expect(admin.getByRole("button", { name: "Confirm order" })).toHaveCount(0);
  await admin.getByRole("button", { name: "Mark shipped" }).click();
  const ship = admin.getByRole("dialog");
  await ship.getByLabel("Carrier", { exact: true }).selectOption("Delhivery");
  await ship.getByLabel("Tracking number").fill("DL-55501234");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  await expect(admin.getByTestId("order-status").first()).toHaveText("Shipped");
  await admin.getByRole("button", { name: "Mark delivered" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Mark delivered" }).click();
  await expect(admin.getByTestId("order-status").first()).toHaveText("Delivered");
  await admin.getByRole("button", { name: "Record cash received" }).click();
  const cash = admin.getByRole("dialog");
  await cash.getByLabel("Courier's reference").fill("DLV-REMIT-0042");
  await expectNoSeriousViolations(admin);
  await cash.getByRole("button", { name: "Record cash" }).click();
  await expect(admin.getByText("Cash recorded: the order is paid")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Record cash received" })).toHaveCount(0);
  await expect(admin.locator("main").getByTestId("order-timeline")).toContainText("Cash of");
  await adminContext.close();

  await page.goto("/user-panel/my-orders");
  const mine = page.locator("main").getByTestId("order").filter({ visible: true }).first();
  await expect(mine.getByTestId("order-status")).toHaveText("Delivered");
  await expect(mine.getByTestId("order-payment-status")).toHaveText("Paid");
});

/** A confirmed shopper's COD order for one product, placed through the API; the admin's page in its own context. */
async function placedCodOrder(page: Page, browser: Browser, label: string, fromTheEnd: number) {
  await signInFreshShopper(page, label);
  const products = (await (await page.request.get("/api/get-product")).json()).data as { _id: string; productName: string; sellingPrice: number; available: number }[];
  // From the end of the list: the other journeys buy from its start, so its stock moves only here.
  const product = products.filter((item) => item.available >= 2 && item.sellingPrice <= 15_000).at(-fromTheEnd)!;
  const email = (await (await page.request.get("/api/user-details")).json()).data.email as string;
  await confirmEmailFor(page, email);
  const address = { name: "Lata Menon", phone: "9845012377", line1: "21 Lake View Road", area: "Jayanagar", city: "Bengaluru", district: "Bengaluru", state: "KA", postalCode: "560041" };
  const placed = await page.request.post("/api/place-order", { data: { productId: product._id, address, saveAddress: false, paymentMethod: "cod" } });
  expect(placed.status(), await placed.text()).toBe(201);
  const orderId = (await placed.json()).data.order._id as string;
  expect((await page.request.post("/api/confirm-order", { data: { orderId } })).status()).toBe(200);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAsDemoAdmin(admin);
  expect((await admin.request.post("/api/ship-order", { data: { orderId, carrier: "Delhivery", trackingNumber: "DL-77700123" } })).status()).toBe(200);
  // Units on hand, as the admin's list reads them (uncached: the shoppers' lists refresh a
  // count only when it nears the low-stock line, so they may show the number of a minute ago).
  const available = async () =>
    ((await (await admin.request.get(`/api/admin-products?q=${encodeURIComponent(product.productName)}&limit=20`)).json()).data as { _id: string; stock: number }[]).find((item) => item._id === product._id)!.stock;
  return { product, orderId, admin, adminContext, available };
}

test("a cash-on-delivery parcel that comes back undelivered: the admin records it, then its receipt, and its unit is back in stock; its invoice gets a credit note", async ({ page, browser }) => {
  const { orderId, admin, adminContext, available } = await placedCodOrder(page, browser, "cod-rto", 1);
  const before = await available();
  await admin.goto(`/admin-panel/orders/${orderId}`);
  await admin.getByRole("button", { name: "Returned undelivered" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Mark returned undelivered" }).click();
  await expect(admin.getByTestId("order-status").first()).toHaveText("Returned undelivered");
  expect(await available()).toBe(before);
  // The invoice issued at dispatch is reversed by a credit note, listed with it.
  await expect(async () => {
    await admin.reload();
    await expect(admin.getByTestId("order-documents").getByRole("link", { name: /^Credit note CN\// })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  // Its page opens (addressed by the order's id), with the reason.
  await admin.getByTestId("order-documents").getByRole("link", { name: /^Credit note CN\// }).click();
  await expect(admin.locator("#document-title")).toHaveText("Credit note");
  await expect(admin.getByText("Returned undelivered (return to origin)", { exact: false })).toBeVisible();
  await admin.goto(`/admin-panel/orders/${orderId}`);
  await admin.getByRole("button", { name: "Parcel received back" }).click();
  await expectNoSeriousViolations(admin);
  await admin.getByRole("dialog").getByRole("button", { name: "Parcel received" }).click();
  await expect(admin.getByRole("button", { name: "Parcel received back" })).toHaveCount(0);
  expect(await available()).toBe(before + 1);
  await adminContext.close();

  await page.goto("/user-panel/my-orders");
  const mine = page.locator("main").getByTestId("order").filter({ visible: true }).first();
  await expect(mine.getByTestId("order-status")).toHaveText("Returned undelivered");
});

test("@mobile money back after a cash-on-delivery delivery: the return asks for a UPI ID, the admin pays it and records the reference; My Orders says refunded", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { product, orderId, admin, adminContext, available } = await placedCodOrder(page, browser, "cod-refund", testInfo.project.name === "mobile" ? 3 : 2);
  expect((await admin.request.post("/api/deliver-order", { data: { orderId } })).status()).toBe(200);
  const before = await available();

  await page.goto("/user-panel/my-orders");
  const card = page.locator("main").getByTestId("order").filter({ visible: true }).first();
  await card.getByRole("button", { name: "Request a return" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a return" });
  await expect(dialog.getByLabel(product.productName)).toHaveValue("1");
  // A wrong item: the whole order goes back, shipping included, and the unit returns to stock.
  await dialog.getByLabel("Reason").selectOption("wrong_item");
  const account = dialog.getByTestId("refund-account");
  await expect(account).toContainText("You paid in cash");
  await account.getByLabel("Your UPI ID").fill("lata at okaxis");
  await dialog.getByRole("button", { name: "Request return" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Enter a UPI ID such as name@okhdfcbank");
  await account.getByLabel("Your UPI ID").fill("lata.menon@okaxis");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`cod-return-${testInfo.project.name}.png`), fullPage: true });
  await dialog.getByRole("button", { name: "Request return" }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("order-refund-account")).toHaveText("UPI lata.menon@okaxis");

  const returnId = ((await (await page.request.get("/api/get-order-details")).json()).data as PublicOrder[]).find((order) => order._id === orderId)!.return_request!._id;
  const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  expect((await admin.request.post("/api/approve-return", { data: { returnId, pickupDate: today } })).status()).toBe(200);
  await admin.goto(`/admin-panel/orders/${orderId}`);
  await admin.getByRole("button", { name: "Mark received", exact: true }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Mark received and refund" }).click();
  const toPay = admin.getByTestId("refund-to-pay");
  await expect(toPay).toContainText("UPI lata.menon@okaxis");
  await admin.getByRole("button", { name: "Record refund paid" }).click();
  const record = admin.getByRole("dialog");
  await record.getByRole("button", { name: "Record refund paid" }).click();
  await expect(record.getByText("Reference is required").first()).toBeVisible();
  await record.getByLabel("Payment reference (UTR or UPI transaction ID)").fill("AXIS-UPI-552901");
  await expectNoSeriousViolations(admin);
  await record.getByRole("button", { name: "Record refund paid" }).click();
  await expect(admin.getByText("Refund recorded as paid")).toBeVisible();
  await expect(admin.getByTestId("refund-status").first()).toHaveText("Succeeded");
  await expect(admin.getByTestId("refund-reference")).toContainText("AXIS-UPI-552901");
  await expect(admin.getByTestId("refund-to-pay")).toHaveCount(0);
  expect(await available()).toBe(before + 1);
  await adminContext.close();

  await page.goto("/user-panel/my-orders");
  const refunded = page.locator("main").getByTestId("order").filter({ visible: true }).first();
  await expect(refunded.getByTestId("order-status")).toHaveText("Refunded");
});
