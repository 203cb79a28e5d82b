import { expect, signInAsDemoAdmin, test, visitorAddress, type Page } from "./fixtures";
import { LOW_STOCK_THRESHOLD } from "../lib/constants";
import { expectNoSeriousViolations } from "./axe";
import { checkoutByCard, DEFAULT_DELIVERY, payOnHostedPage } from "./emulators";
import { SHOPPER_PASSWORD, signInFreshShopper } from "./shopper";

// Stock as shoppers and the admin see it: an out-of-stock product says so and cannot be added or
// bought, a low one says how many are left; Buy Now goes to the checkout page, whose address form
// refuses a wrong PIN code, and the paid order shows its delivery address on /success and in My
// Orders; a cart line that can no longer be bought says why and is left out of the summary; the
// admin archives a product (gone from search) and restores it (back). Products are picked by
// their `available` count from the API, never by id.

type Product = { _id: string; productName: string; productImage: string[]; stock: number; held: number; available: number; archived: boolean };

async function allProducts(page: Page): Promise<Product[]> {
  return (await (await page.request.get("/api/get-product")).json()).data as Product[];
}

/** A product out of stock, one with fewer than LOW_STOCK_THRESHOLD left, and one with plenty. */
async function productsByAvailability(page: Page): Promise<{ out: Product; low: Product; plenty: Product }> {
  const products = await allProducts(page);
  const out = products.find((product) => product.available === 0);
  const low = products.find((product) => product.available > 0 && product.available < LOW_STOCK_THRESHOLD);
  const plenty = products.find((product) => product.available >= 20);
  if (!out || !low || !plenty) throw new Error("the seed has products out of stock, low and in stock");
  return { out, low, plenty };
}

/** A product of the admin's own for a journey (so the seed's stay as they are), with `stock` units. */
async function uploadProduct(admin: Page, name: string, stock: number, image: string): Promise<Product> {
  const answer = await admin.request.post("/api/upload-product", {
    data: { productName: name, brandName: "Volt", category: "camera", productImage: [image], productDesc: "Made by the stock journeys.", price: 2000, sellingPrice: 1500, stock },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()).data as Product;
}

/** The JSON-LD Product's offer availability on the current page. */
async function offerAvailability(page: Page): Promise<string> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const product = blocks.map((text) => JSON.parse(text) as { "@type": string; offers?: { availability: string } }).find((data) => data["@type"] === "Product");
  return product!.offers!.availability;
}

test("@mobile an out-of-stock product says so and cannot be added or bought; a low one says how many are left", async ({ page }, testInfo) => {
  await signInFreshShopper(page, "stock");
  const { out, low, plenty } = await productsByAvailability(page);

  await page.goto(`/product/${out._id}`);
  const main = page.locator("main");
  await expect(main.getByTestId("stock-status")).toHaveText("Out of stock");
  const addToCart = main.getByRole("button", { name: `Add To Cart: ${out.productName}` });
  const buyNow = main.getByRole("button", { name: `Buy Now: ${out.productName}` });
  for (const button of [addToCart, buyNow]) {
    await expect(button).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription("Out of stock");
  }
  expect(await offerAvailability(page)).toBe("https://schema.org/OutOfStock");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("product-out-of-stock.png"), fullPage: true });
  // The server refuses it too, whatever the page shows.
  const refused = await page.request.post("/api/add-to-cart", { data: { productId: out._id } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(`${out.productName} is out of stock.`);

  // Its card says so as well, with a disabled 'Add to cart'.
  await page.goto(`/search?q=${encodeURIComponent(out.productName)}`);
  const card = page.locator("article").filter({ has: page.getByRole("heading", { name: out.productName, exact: true }) }).first();
  await expect(card.getByTestId("card-stock-status")).toHaveText("Out of stock");
  await expect(card.getByRole("button", { name: `Add to cart: ${out.productName}` })).toBeDisabled();
  await expectNoSeriousViolations(page);

  await page.goto(`/product/${low._id}`);
  await expect(main.getByTestId("stock-status")).toHaveText(`Only ${low.available} left`);
  await expect(main.getByRole("button", { name: `Add To Cart: ${low.productName}` })).toBeEnabled();
  await expect(main.getByRole("button", { name: `Buy Now: ${low.productName}` })).toBeEnabled();
  expect(await offerAvailability(page)).toBe("https://schema.org/LimitedAvailability");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("product-low-stock.png"), fullPage: true });

  await page.goto(`/product/${plenty._id}`);
  await expect(main.getByTestId("stock-status")).toHaveText("In stock");
  expect(await offerAvailability(page)).toBe("https://schema.org/InStock");
  await page.screenshot({ path: testInfo.outputPath("product-in-stock.png"), fullPage: true });
});

test("@mobile Buy Now: the checkout page refuses a wrong PIN code, then the paid order's delivery address is on /success and in My Orders", async ({ page }, testInfo) => {
  const { plenty } = await productsByAvailability(page);

  // Signed out, Buy Now signs in first and comes back to the checkout of that product.
  await page.goto(`/product/${plenty._id}`);
  const buyNow = page.locator("main").getByRole("button", { name: `Buy Now: ${plenty.productName}` });
  await buyNow.click();
  await expect(page).toHaveURL(new RegExp(`/signin\\?next=${encodeURIComponent(`/checkout?product=${plenty._id}`)}$`));
  const email = `buy-now-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const signedUp = await page.request.post("/api/signup", {
    headers: visitorAddress(),
    data: { name: "Buy Now", email, contact: "", password: SHOPPER_PASSWORD, confirmPwd: SHOPPER_PASSWORD, profilepic: "" },
  });
  expect(signedUp.status()).toBe(201);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).filter({ visible: true }).fill(SHOPPER_PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?product=${plenty._id}$`));
  await expect(page.getByTestId("checkout-summary")).toContainText(plenty.productName);

  // The new-address form refuses a PIN starting with 0, under the field.
  await page.getByLabel("Full name").fill(DEFAULT_DELIVERY.name);
  await page.getByLabel("Mobile number").fill(DEFAULT_DELIVERY.phone);
  await page.getByLabel("PIN code", { exact: true }).fill("012345");
  await page.getByLabel("House no., building and street").fill(DEFAULT_DELIVERY.line1);
  await page.getByLabel("Area, locality or sector").fill("Ashok Nagar");
  await page.getByLabel("City or town").fill(DEFAULT_DELIVERY.city);
  await page.getByLabel("District").fill("Bengaluru");
  await page.getByLabel("State or union territory").selectOption("KA");
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByLabel("PIN code", { exact: true })).toHaveAccessibleDescription(/Enter a 6-digit PIN code \(the first digit not 0\)/);
  await page.getByLabel("PIN code", { exact: true }).fill(DEFAULT_DELIVERY.postalCode);
  await page.getByLabel("City or town").fill(DEFAULT_DELIVERY.city);
  await page.getByRole("button", { name: "Use this address" }).click();
  await expect(page.getByTestId("checkout-address")).toHaveCount(1);
  await expect(page.getByTestId("checkout-delivery")).toContainText(/Arrives \w{3} \d{1,2} \w{3}/);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("checkout-page.png"), fullPage: true });
  await checkoutByCard(page);
  await expect(page.getByText(plenty.productName)).toBeVisible();
  // The hosted page asks no address: the one chosen goes with the payment.
  await expect(page.getByTestId("pay-shipping-to")).toContainText("12 MG Road");
  await expect(page.getByLabel("Full name")).toHaveCount(0);
  await payOnHostedPage(page, "4242 4242 4242 4242");

  await expect(page).toHaveURL(/\/success\?session_id=cs_test_/);
  await expect(page.getByRole("heading", { name: "Payment Successfull..!" })).toBeVisible();
  const order = page.locator("main").getByTestId("order").filter({ visible: true });
  const address = order.getByTestId("delivery-address");
  await expect(address.getByRole("heading", { name: "Delivery address" })).toBeVisible();
  await expect(address).toContainText("Meera Iyer");
  await expect(address).toContainText("12 MG Road");
  await expect(address).toContainText("Bengaluru, Karnataka 560001");
  await expect(address).toContainText("Phone: +91 98765 43210");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("success-with-address.png"), fullPage: true });

  await page.getByRole("link", { name: "See my orders" }).click();
  await expect(page).toHaveURL(/\/user-panel\/my-orders$/);
  const orders = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(orders).toHaveCount(1);
  await expect(orders.first().getByTestId("order-item")).toHaveCount(1);
  await expect(orders.first().getByTestId("delivery-address")).toContainText("Bengaluru, Karnataka 560001");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("my-orders-with-address.png"), fullPage: true });

  // Bought outside the cart: the cart is as it was (empty).
  await page.goto("/user-panel/cart");
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("@mobile cart lines that can no longer be bought say why, the summary leaves their units out and Checkout waits, and they can be removed", async ({ page, browser }, testInfo) => {
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  await signInAsDemoAdmin(admin);
  const image = (await allProducts(page))[0]!.productImage[0]!;
  const tag = Date.now().toString(36);
  const retired = await uploadProduct(admin, `Volt Retired Cam ${tag}`, 5, image);
  const soldOut = await uploadProduct(admin, `Volt Sold Out Cam ${tag}`, 5, image);
  const few = await uploadProduct(admin, `Volt Few Left Cam ${tag}`, 5, image);

  await signInFreshShopper(page, "unavailable");
  for (const product of [retired, soldOut, few, few]) {
    expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  }
  expect((await page.request.post("/api/add-to-wishlist", { data: { productId: retired._id } })).ok()).toBe(true);

  // Meanwhile the admin retires one, sells out another and leaves one unit of the third.
  expect((await admin.request.post("/api/archive-product", { data: { productId: retired._id, archived: true } })).ok()).toBe(true);
  for (const [product, stock] of [[soldOut, 0], [few, 1]] as const) {
    const answer = await admin.request.put("/api/update-product", {
      data: { _id: product._id, productName: product.productName, brandName: "Volt", category: "camera", productImage: product.productImage, productDesc: "Made by the stock journeys.", price: 2000, sellingPrice: 1500, stock },
    });
    expect(answer.ok(), await answer.text()).toBe(true);
  }

  await page.goto("/user-panel/cart");
  const line = (product: Product) => page.getByTestId("cart-line").filter({ hasText: product.productName });
  await expect(page.getByTestId("cart-line")).toHaveCount(3);
  await expect(line(retired).getByTestId("cart-line-status")).toHaveText("No longer available");
  await expect(line(soldOut).getByTestId("cart-line-status")).toHaveText("Out of stock");
  await expect(line(few).getByTestId("cart-line-status")).toHaveText("Only 1 left");
  for (const product of [retired, soldOut, few]) {
    await expect(line(product).getByRole("button", { name: `Increase quantity of ${product.productName}` })).toBeDisabled();
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("cart-unavailable-lines.png"), fullPage: true });

  // The summary counts only what can be bought (1 of the 2 units of `few`), says so beside
  // Checkout, and Checkout waits until the lines are fixed (issue 35).
  await expect(page.getByTestId("cart-quantity")).toHaveText("1");
  await expect(page.getByTestId("cart-total")).toHaveText("₹1,500");
  await expect(page.getByTestId("checkout-blocked")).toHaveText(
    "3 units in your cart cannot be bought now and are not counted above. Remove them or lower the quantity to check out.",
  );
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Checkout" })).toHaveAccessibleDescription(/^3 units in your cart cannot be bought now/);

  await line(retired).getByRole("button", { name: `Remove ${retired.productName} from cart` }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);

  // The wishlist keeps the retired product, marked, with 'Add to cart' disabled.
  await page.goto("/user-panel/wishlist");
  const card = page.locator("article").filter({ hasText: retired.productName });
  await expect(card.getByTestId("card-stock-status")).toHaveText("No longer available");
  await expect(card.getByRole("button", { name: `Add to cart: ${retired.productName}` })).toBeDisabled();
  await expectNoSeriousViolations(page);
  await adminContext.close();
});

test("@mobile the admin archives a product: it leaves search; restored, it is back", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  const image = (await allProducts(page))[0]!.productImage[0]!;
  const product = await uploadProduct(page, `Volt Archive Cam ${Date.now().toString(36)}`, 12, image);
  const searchPage = `/search?q=${encodeURIComponent(product.productName)}`;
  const resultHeading = page.getByRole("heading", { name: product.productName, exact: true });

  await page.goto(searchPage);
  await expect(resultHeading.first()).toBeVisible();

  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(product.productName);
  const row = page.getByTestId("admin-product").filter({ hasText: product.productName });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("admin-product-stock")).toHaveText("12 in stock · 0 held");
  await row.getByRole("button", { name: `Archive ${product.productName}` }).click();
  await expect(page.getByText("Product archived")).toBeVisible();
  await expect(row.getByTestId("archived-badge")).toHaveText("Archived");
  await expect(row.getByRole("button", { name: `Restore ${product.productName}` })).toBeVisible();
  await page.getByLabel("Show").selectOption("active");
  await expect(row).toHaveCount(0);
  await page.getByLabel("Show").selectOption("archived");
  await expect(row).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("admin-products-archived.png"), fullPage: true });

  await page.goto(searchPage);
  await expect(page.getByText("No products found.")).toBeVisible();
  await expect(resultHeading).toHaveCount(0);
  // Its own page answers 404, with the way back to its category.
  const retiredPage = await page.goto(`/product/${product._id}`);
  expect(retiredPage?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This product is no longer sold" })).toBeVisible();
  const back = page.getByRole("link", { name: /^Browse / });
  await expect(back).toHaveAttribute("href", /\/category-product\?category=/);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("retired-product.png"), fullPage: true });
  await back.click();
  await expect(page).toHaveURL(/\/category-product\?category=/);

  await page.goto("/admin-panel/all-products");
  await page.getByLabel("Show").selectOption("archived");
  await page.getByRole("searchbox", { name: "Find products" }).fill(product.productName);
  await row.getByRole("button", { name: `Restore ${product.productName}` }).click();
  await expect(page.getByText("Product restored")).toBeVisible();
  await expect(row).toHaveCount(0); // no longer archived: it left this filter
  await page.getByLabel("Show").selectOption("all");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("archived-badge")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("admin-products.png"), fullPage: true });

  await page.goto(searchPage);
  await expect(resultHeading.first()).toBeVisible();
});

test("@mobile the admin's product form takes units in stock and shows the server's refusal beside the field", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  const image = (await allProducts(page))[0]!.productImage[0]!;
  const product = await uploadProduct(page, `Volt Stock Form Cam ${Date.now().toString(36)}`, 4, image);
  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(product.productName);
  await page.getByRole("button", { name: `Edit ${product.productName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  const stock = dialog.getByLabel("Units in stock");
  await expect(stock).toHaveValue("4");
  await stock.fill("");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(dialog.getByText("Units in stock must be a whole number from 0 to 10,00,000").first()).toBeVisible();
  await expect(stock).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousViolations(page);
  await dialog.screenshot({ path: testInfo.outputPath("admin-product-form-stock.png") });
  await stock.fill("9");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  const row = page.getByTestId("admin-product").filter({ hasText: product.productName });
  await expect(row.getByTestId("admin-product-stock")).toHaveText("9 in stock · 0 held");
});

test("the admin's product form, refused because units were sold while it was open, shows the count now and takes the next save", async ({ page }) => {
  await signInAsDemoAdmin(page);
  const image = (await allProducts(page))[0]!.productImage[0]!;
  const product = await uploadProduct(page, `Volt Stale Form Cam ${Date.now().toString(36)}`, 4, image);
  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(product.productName);
  await page.getByRole("button", { name: `Edit ${product.productName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  const stock = dialog.getByLabel("Units in stock");
  await expect(stock).toHaveValue("4");
  // Meanwhile the count moves to 3 (a sale, or another admin).
  const moved = await page.request.put("/api/update-product", {
    data: { _id: product._id, productName: product.productName, brandName: "Volt", category: "camera", productImage: product.productImage, productDesc: "Made by the stock journeys.", price: 2000, sellingPrice: 1500, stock: 3, stockWas: 4 },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await stock.fill("10");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(dialog.getByText("Units in stock changed to 3 since this form was opened").first()).toBeVisible();
  await expect(stock).toHaveValue("3");
  await stock.fill("10");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();
  const row = page.getByTestId("admin-product").filter({ hasText: product.productName });
  await expect(row.getByTestId("admin-product-stock")).toHaveText("10 in stock · 0 held");
});

test("the admin sees who holds a product in the product form and releases a hold, with a confirmation", async ({ page, browser }, testInfo) => {
  await signInAsDemoAdmin(page);
  const image = (await allProducts(page))[0]!.productImage[0]!;
  const product = await uploadProduct(page, `Volt Held Cam ${Date.now().toString(36)}`, 10, image);
  // A shopper, in a browser of their own, starts a Buy Now and leaves it open.
  const shopperContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const shopper = await shopperContext.newPage();
  const email = await signInFreshShopper(shopper, "holder");
  const held = await shopper.request.post("/api/buy-now", { data: { productId: product._id } });
  expect(held.status(), await held.text()).toBe(200);
  await shopperContext.close();

  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(product.productName);
  await page.getByRole("button", { name: `Edit ${product.productName}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  const holds = dialog.getByTestId("open-holds");
  await expect(holds.getByTestId("open-hold")).toHaveCount(1);
  await expect(holds.getByTestId("open-hold")).toContainText(email);
  await expect(holds.getByTestId("open-hold")).toContainText(`1 × ${product.productName} (Buy Now)`);
  await holds.getByRole("button", { name: `Release the hold of ${email}` }).click();
  const confirm = page.getByRole("dialog", { name: "Release this hold?" });
  await expect(confirm).toContainText(email);
  await expectNoSeriousViolations(page);
  await confirm.getByRole("button", { name: "Release hold" }).click();
  await expect(page.getByText("Hold released: its units are on sale again")).toBeVisible();
  await expect(holds.getByText("No open checkout holds units now.")).toBeVisible();
  const after = (await allProducts(page)).find((candidate) => candidate._id === product._id);
  expect(after).toMatchObject({ stock: 10, held: 0, available: 10 });
});
