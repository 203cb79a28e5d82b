import { HtmlValidate } from "html-validate";
import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { RETURN_WINDOW_DAYS, SHIPPING_AMOUNT_PAISE } from "../lib/constants";
import { formatRupees, rupeesToPaise } from "../lib/shared/money";
import { expectNoSeriousViolations } from "./axe";
import { checkoutByCard, EMULATOR_URL } from "./emulators";
import { productsInStock, signInFreshShopper } from "./shopper";

// Issue 35, the shopper's screens: the pages' HTML is valid (and carries og:site_name and
// og:locale), the store's delivery and returns terms beside the price agree with the structured
// data, focus goes to the new page's heading after a link (never away from the search box), a
// product page gone stale refreshes after a refusal, an admin's Buy Now says it needs a shopper
// account, and a cancelled Buy Now leads back to its product.

type Product = { _id: string; productName: string; productImage: string[]; available: number };

/** The W3C rules that matter here (html-validate's standards preset), on a whole document. */
const validator = new HtmlValidate({ extends: ["html-validate:standard"] });

/**
 * The document up to its first </html>: Next streams the rest of its flight data as <script>s
 * after the closing tags, then closes them again, which a browser's parser folds into <body>
 * (valid to a browser, "stray end tag" to a checker).
 */
function documentOnly(html: string): string {
  const end = html.indexOf("</html>");
  expect(end, "the page has a closing </html>").toBeGreaterThan(0);
  return html.slice(0, end + "</html>".length);
}

/** The JSON-LD Product on the current page. */
async function productData(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks
    .map((text) => JSON.parse(text) as { "@type": string; offers?: { shippingDetails: { shippingRate: { value: number } }; hasMerchantReturnPolicy: { merchantReturnDays: number } } })
    .find((data) => data["@type"] === "Product")!;
}

test("the main pages' HTML validates, with og:site_name and og:locale on each", async ({ page }) => {
  const [product] = await productsInStock(page, 1);
  const paths = [
    "/",
    "/category-product?category=mobiles",
    "/search?q=phone",
    `/product/${product!._id}`,
    "/returns-policy",
    "/signin",
    "/signup",
    "/cancel?checkout=00000000-0000-7000-8000-000000000000",
    "/success?session_id=cs_test_none",
  ];
  const problems: string[] = [];
  for (const path of paths) {
    const answer = await page.request.get(path);
    expect(answer.status(), path).toBe(200);
    const html = await answer.text();
    const report = await validator.validateString(documentOnly(html), path);
    for (const result of report.results) {
      for (const message of result.messages) problems.push(`${path}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
    }
    expect(html, `${path} og:site_name`).toContain('<meta property="og:site_name" content="Volt Electronics"/>');
    expect(html, `${path} og:locale`).toContain('<meta property="og:locale" content="en_IN"/>');
  }
  expect(problems).toEqual([]);
});

test("@mobile the product page states the delivery fee and returns window the checkout charges and the JSON-LD states", async ({ page }, testInfo) => {
  const [product] = await productsInStock(page, 1);
  await page.goto(`/product/${product!._id}`);
  const main = page.locator("main");
  const data = await productData(page);
  expect(rupeesToPaise(data.offers!.shippingDetails.shippingRate.value)).toBe(SHIPPING_AMOUNT_PAISE);
  await expect(main.getByTestId("delivery-summary")).toHaveText(`${formatRupees(SHIPPING_AMOUNT_PAISE)} delivery`);
  await expect(main.getByTestId("returns-summary")).toHaveText(new RegExp(`^${data.offers!.hasMerchantReturnPolicy.merchantReturnDays}-day returns`));
  expect(data.offers!.hasMerchantReturnPolicy.merchantReturnDays).toBe(RETURN_WINDOW_DAYS);
  await expect(main.getByText(/free delivery|replacement/i)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`product-terms-${testInfo.project.name}.png`), fullPage: false });
});

test("after Enter on a product card the focus is on the product's heading, and Tab reaches the page's first control", async ({ page }) => {
  await page.goto("/category-product?category=mobiles");
  const card = page.getByTestId("product-grid").locator("article").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("link").first().focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/product\//);
  const heading = page.locator("main").getByRole("heading", { level: 1, name });
  await expect(heading).toBeFocused();
  await page.keyboard.press("Tab");
  // The first control after the heading: the rating's link to the reviews (issue 40), then the
  // returns policy link beside the price, in <main>.
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("data-testid", "star-rating");
  await expect(focused).toHaveAttribute("href", "#reviews");
  await page.keyboard.press("Tab");
  await expect(focused).toHaveAttribute("data-testid", "returns-summary");
  expect(await focused.evaluate((element) => element.closest("main") !== null && element.closest("footer") === null)).toBe(true);
});

test("typing in the search box keeps the focus there as the address changes", async ({ page }) => {
  await page.goto("/returns-policy");
  const box = page.getByRole("searchbox", { name: "Search products" }).filter({ visible: true });
  await box.click();
  await box.pressSequentially("sony", { delay: 40 });
  await expect(page).toHaveURL(/\/search\?q=sony$/);
  await expect(page.getByRole("heading", { name: /^Search Results: [1-9]\d*$/ })).toBeVisible();
  await expect(box).toBeFocused();
  await box.press("End");
  await box.pressSequentially(" a", { delay: 40 });
  await expect(box).toHaveValue("sony a");
  await expect(box).toBeFocused();
});

test("@mobile a stale product page's Buy Now: the checkout page says the product ran out, nothing of the cart, and leads back to the product", async ({ page, browser }, testInfo) => {
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  await signInAsDemoAdmin(admin);
  const image = ((await (await admin.request.get("/api/get-product")).json()).data as Product[])[0]!.productImage[0]!;
  const uploaded = await admin.request.post("/api/upload-product", {
    data: { productName: `Volt Last One Cam ${Date.now().toString(36)}`, brandName: "Volt", category: "camera", productImage: [image], productDesc: "Made by the stale page journey.", price: 2000, sellingPrice: 1500, stock: 1 },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const product = (await uploaded.json()).data as Product;

  await signInFreshShopper(page, "stale");
  await page.goto(`/product/${product._id}`);
  const main = page.locator("main");
  const buyNow = main.getByRole("button", { name: `Buy Now: ${product.productName}` });
  const addToCart = main.getByRole("button", { name: `Add To Cart: ${product.productName}` });
  await expect(main.getByTestId("stock-status")).toHaveText("Only 1 left");
  await expect(buyNow).toBeEnabled();

  // Meanwhile the admin sells the last unit elsewhere (stock set to 0).
  const soldOut = await admin.request.put("/api/update-product", {
    data: { _id: product._id, productName: product.productName, brandName: "Volt", category: "camera", productImage: product.productImage, productDesc: "Made by the stale page journey.", price: 2000, sellingPrice: 1500, stock: 0 },
  });
  expect(soldOut.ok(), await soldOut.text()).toBe(true);

  await buyNow.click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?product=${product._id}$`));
  const summary = page.getByTestId("checkout-summary");
  await expect(summary.getByTestId("checkout-line-problem")).toHaveText("Out of stock");
  await expect(summary.getByRole("button", { name: /^Pay ₹|^Place order$/ })).toBeDisabled();
  await expect(summary.getByText(/cart/i)).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await summary.getByRole("link", { name: "Back to the product" }).click();
  // The page read the stock again: it says so, and both buttons are off with the reason.
  await expect(main.getByTestId("stock-status")).toHaveText("Out of stock");
  for (const button of [buyNow, addToCart]) {
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription("Out of stock");
  }
  await expect(page).toHaveURL(new RegExp(`/product/${product._id}$`));
  await adminContext.close();
});

test("@mobile an admin's Buy Now says buying needs a shopper account", async ({ page }) => {
  await signInAsDemoAdmin(page);
  const [product] = await productsInStock(page, 1);
  await page.goto(`/product/${product!._id}`);
  await page.locator("main").getByRole("button", { name: `Buy Now: ${product!.productName}` }).click();
  const note = page.getByTestId("checkout-not-shopper");
  await expect(note).toHaveText("Buying needs a shopper account. Sign in with one to buy.");
  await expect(page.getByText("Please log in first.")).toHaveCount(0);
  await expect(note.getByRole("link", { name: "Sign in with one to buy" })).toHaveAttribute("href", /^\/signin\?account=shopper/);
});

test("@mobile a cancelled Buy Now leads back to the product (and the cart as a second choice), with nothing said of the cart", async ({ page }, testInfo) => {
  await signInFreshShopper(page, "cancel-buy-now");
  const [product] = await productsInStock(page, 1);
  await page.goto(`/product/${product!._id}`);
  await page.locator("main").getByRole("button", { name: `Buy Now: ${product!.productName}` }).click();
  await checkoutByCard(page);
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/cs_test_`));
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/cancel\?checkout=[^&]+&product=/);
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(main.getByText("No payment was taken and nothing was ordered.")).toBeVisible();
  await expect(main.getByText(/your cart is just as you left it/i)).toHaveCount(0);
  await expect(main.getByRole("link", { name: "Back to the product" })).toHaveAttribute("href", `/product/${product!._id}`);
  await expect(main.getByRole("link", { name: "Go to my cart" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`cancel-buy-now-${testInfo.project.name}.png`), fullPage: true });
  await main.getByRole("link", { name: "Back to the product" }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${product!._id}$`));
});
