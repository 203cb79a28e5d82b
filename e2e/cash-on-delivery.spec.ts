import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { addCheckoutAddressIfNone, readOutbox } from "./emulators";
import { signInFreshShopper } from "./shopper";

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
