import { expect, test, type Page } from "./fixtures";
import { SHIPPING_AMOUNT_PAISE } from "../lib/constants";
import { expectNoSeriousViolations } from "./axe";
import { EMULATOR_URL, payOnHostedPage, readOutbox, checkoutByCard } from "./emulators";
import { productsInStock, signInFreshShopper } from "./shopper";

// Paying by card on the (emulated) Stripe hosted Checkout: cart → Checkout → the hosted page
// with the same lines and total → Pay → /success shows the order → My Orders lists it and the
// cart is empty. The cancel path returns to an intact cart; a declined card leaves no order.
// (/success without a payment: e2e/screens.spec.ts.)

type Product = { _id: string; productName: string; sellingPrice: number };

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ""));

/** Two products in the cart (the first twice); answers them and the total with shipping, in rupees. */
async function fillCart(page: Page): Promise<{ products: Product[]; total: number }> {
  const products: Product[] = await productsInStock(page, 2);
  for (const product of [products[0]!, products[0]!, products[1]!]) {
    expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  }
  const total = Math.round((2 * products[0]!.sellingPrice + products[1]!.sellingPrice) * 100 + SHIPPING_AMOUNT_PAISE) / 100;
  return { products, total };
}

async function goToPaymentPage(page: Page) {
  await page.goto("/user-panel/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await page.getByRole("button", { name: "Checkout" }).click();
  await checkoutByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/cs_test_`));
}

test("@mobile a shopper pays by card: the hosted page, /success with the order, My Orders, an empty cart and one email", async ({ page }, testInfo) => {
  const email = await signInFreshShopper(page, "pay");
  const { products, total } = await fillCart(page);
  await goToPaymentPage(page);

  // The hosted page shows what the store priced: the same lines, shipping and total.
  await expect(page.getByText(products[0]!.productName)).toBeVisible();
  await expect(page.getByText(products[1]!.productName)).toBeVisible();
  expect(rupees((await page.getByTestId("pay-total").textContent())!)).toBe(total);
  expect(rupees((await page.getByTestId("pay-shipping").textContent())!)).toBe(SHIPPING_AMOUNT_PAISE / 100);
  await page.screenshot({ path: testInfo.outputPath("hosted-checkout.png"), fullPage: true });

  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Payment Successfull..!" })).toBeVisible();
  // (The streamed part's HTML copy can stay in the document, hidden, after React has shown it
  // from the RSC payload: read the visible one.)
  const order = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(order).toBeVisible();
  expect(rupees((await order.getByTestId("order-total").textContent())!)).toBe(total);
  await expect(order.getByTestId("order-item")).toHaveCount(2);
  await expect(page.locator("header").getByTestId("cart-count")).toHaveText("0");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("success.png"), fullPage: true });

  await page.getByRole("link", { name: "See my orders" }).click();
  await expect(page).toHaveURL(/\/user-panel\/my-orders$/);
  const orders = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(orders).toHaveCount(1);
  expect(rupees((await orders.first().getByTestId("order-total").textContent())!)).toBe(total);
  await expect(orders.first().getByText("Card")).toBeVisible();
  await expect(orders.first().getByText("Paid", { exact: true })).toBeVisible();
  expect(rupees((await orders.first().getByTestId("order-shipping").textContent())!)).toBe(SHIPPING_AMOUNT_PAISE / 100);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders.png"), fullPage: true });

  await page.goto("/user-panel/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
  await expect.poll(async () => (await readOutbox(email)).filter((mail) => /is confirmed/.test(mail.subject)).length).toBe(1);
});

test("leaving the payment page with Cancel lands on /cancel, and the cart is intact", async ({ page }) => {
  await signInFreshShopper(page, "cancel");
  await fillCart(page);
  await goToPaymentPage(page);
  // The page gives the checkout's held units back at once, once.
  const released = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/checkout/cancel");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/cancel\?checkout=[0-9a-f-]+$/);
  await expect(page.getByRole("heading", { name: "Payment Cancel..!" })).toBeVisible();
  const answer = await released;
  expect(answer.status()).toBe(200);
  expect((await answer.json()).data).toEqual({ released: true });
  await expectNoSeriousViolations(page);
  await page.getByRole("link", { name: "Back to my cart" }).click();
  await expect(page).toHaveURL(/\/user-panel\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("cart-quantity")).toHaveText("3");
  const orders = await (await page.request.get("/api/get-order-details")).json();
  expect(orders.data).toEqual([]);
});

test("a declined card shows the decline on the payment page and makes no order", async ({ page }) => {
  await signInFreshShopper(page, "declined");
  await fillCart(page);
  await goToPaymentPage(page);
  await payOnHostedPage(page, "4000 0000 0000 0002");
  await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/`));
  const orders = await (await page.request.get("/api/get-order-details")).json();
  expect(orders.data).toEqual([]);
  await page.goto("/user-panel/my-orders");
  await expect(page.getByText("You have no orders yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Start shopping" })).toBeVisible();
});
