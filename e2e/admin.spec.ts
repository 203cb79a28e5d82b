import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { payOnHostedPage } from "./emulators";
import { png } from "../tests/png";
import { productsInStock, signInFreshShopper } from "./shopper";

// The admin panel: the demo admin pages through users and changes a role, uploads a product with
// two images (through the image emulator) and finds it across the storefront at once, edits its
// price (product page and a cart that holds it follow), sees the orders; a USER is turned away.

async function userIdOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/user-details")).json()).data as { _id: string })._id;
}

test("@mobile a USER who opens /admin-panel lands on /", async ({ page }) => {
  await signInFreshShopper(page, "not-admin");
  await page.goto("/admin-panel/all-users");
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/all-users")).status()).toBe(403);
});

test("@mobile the admin pages through the products by cursor: Next, Next, Previous", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/admin-products")) asked.push(request.url());
  });
  await page.goto("/admin-panel/all-products");
  const status = page.getByTestId("pager-status").filter({ visible: true });
  const rows = page.getByTestId("admin-product").filter({ visible: true });
  const names = async () => (await rows.locator("p.font-medium").allTextContents()).join("|");
  await expect(status).toHaveText(/^Showing 1-20 of \d+$/);
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  const first = await names();

  await page.getByRole("button", { name: "Next" }).click();
  await expect(status).toHaveText(/^Showing 21-40 of \d+$/);
  // And stays there: the search box's 300 ms delay once sent an early Next back to page 1 (CI).
  await page.waitForTimeout(400);
  await expect(status).toHaveText(/^Showing 21-40 of \d+$/);
  await expect.poll(names).not.toBe(first);
  // The second page was asked for after the first page's last product (keyset), not by number.
  expect(asked.at(-1)).toMatch(/[?&]after=\d+\.[0-9a-f-]{36}/);
  const second = await names();
  expect(second.split("|").some((name) => first.split("|").includes(name))).toBe(false);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(status).toHaveText(/^Showing 41-60 of \d+$/);
  await expect.poll(names).not.toBe(second);

  // Back: the same second page (products added meanwhile by other journeys are newer: they go on page 1).
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(status).toHaveText(/^Showing 21-40 of \d+$/);
  await expect.poll(names).toBe(second);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`admin-products-page-2-${testInfo.project.name}.png`), fullPage: true });
});

test("@mobile the admin pages through the users and changes a role", async ({ page }, testInfo) => {
  // Enough accounts for two pages, and one to promote (the newest: first on page 1).
  for (let i = 0; i < 8; i++) await signInFreshShopper(page, "filler");
  const email = await signInFreshShopper(page, "promote-me");
  await page.context().clearCookies();
  await signInAsDemoAdmin(page);

  await page.goto("/");
  await page.getByRole("button", { name: /^Account menu for/ }).click();
  await page.getByRole("link", { name: "Admin Panel" }).click();
  await expect(page).toHaveURL(/\/admin-panel\/all-products$/);
  await page.goto("/admin-panel/all-users");
  await expect(page.getByRole("heading", { name: "All Users" })).toBeVisible();
  // (Next keeps the page just left in the DOM, hidden: read the visible pager.)
  const status = page.getByTestId("pager-status").filter({ visible: true });
  await expect(status).toHaveText(/^Showing 1-8 of \d+$/);
  await expect(page.getByTestId("user-row")).toHaveCount(8);
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(status).toHaveText(/^Showing 9-\d+ of \d+$/);
  await expect(page.getByRole("button", { name: "Previous" })).toBeEnabled();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(status).toHaveText(/^Showing 1-8 of/);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("admin-users.png"), fullPage: true });

  const select = page.getByRole("combobox", { name: new RegExp(`\\(${email.replace(/[.+]/g, "\\$&")}\\)$`) });
  await select.selectOption("ADMIN");
  await expect(page.getByText("Role updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: new RegExp(`\\(${email.replace(/[.+]/g, "\\$&")}\\)$`) })).toHaveValue("ADMIN");
});

test("@mobile the admin uploads a product with two images, finds it everywhere at once, and edits its price", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/all-products");
  await expect(page.getByTestId("admin-product").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("admin-products.png"), fullPage: true });

  const name = `Volt Test Cam ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Upload Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("*Please Upload Product image")).toBeVisible();

  // A refused save: each field's message under it, once (no toast, no alert repeating it), and the
  // focus on the first field refused.
  await dialog.getByRole("button", { name: "Upload Product" }).click();
  await expect(dialog.getByText("Product name is required")).toBeVisible();
  await expect(page.getByText("Product name is required")).toHaveCount(1);
  await expect(dialog.getByLabel("Product Name")).toBeFocused();
  await expect(dialog.getByLabel("Product Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);

  await dialog.getByLabel("Product Name").fill(name);
  await dialog.getByLabel("Brand Name").fill("Volt");
  await dialog.getByLabel("Category").selectOption("camera");
  await dialog.locator('input[type="file"]').setInputFiles([
    { name: "front.png", mimeType: "image/png", buffer: png(40, 30) },
    { name: "back.png", mimeType: "image/png", buffer: png(30, 40) },
  ]);
  await expect(dialog.getByTestId("product-image-thumb")).toHaveCount(2);
  await dialog.getByRole("button", { name: "Move image 2 earlier" }).click();
  await dialog.getByLabel("Description").fill("A camera made by the admin journey.");
  await dialog.getByLabel("Price", { exact: true }).fill("50000");
  await dialog.getByLabel("Selling Price").fill("40000");
  await dialog.getByLabel("Units in stock").fill("25");
  await dialog.screenshot({ path: testInfo.outputPath("admin-product-form.png") });
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Upload Product" }).click();
  await expect(page.getByText("Product uploaded successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Everywhere, at once: search, the category page, the home row, the product page.
  const found = (await (await page.request.get(`/api/search-product?q=${encodeURIComponent(name)}`)).json()).data as { _id: string; productImage: string[] }[];
  expect(found).toHaveLength(1);
  const id = found[0]!._id;
  expect(found[0]!.productImage).toHaveLength(2);
  const started = Date.now();
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  await page.goto("/category-product?category=camera");
  await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  await page.goto("/");
  // The camera row loads its cards as it nears the viewport; the newest product leads it.
  await page.getByRole("heading", { name: "Camera & Accessories" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("heading", { name, exact: true }).first()).toBeVisible();
  await page.goto(`/product/${id}`);
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("20% off")).toBeVisible();
  testInfo.annotations.push({ type: "catalogue refresh", description: `${Date.now() - started} ms for four pages` });

  // A shopper's cart holds it; the admin's price edit reaches the product page and the cart.
  const shopperContext = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
  const shopperPage = await shopperContext.newPage();
  await signInFreshShopper(shopperPage, "price-watch");
  expect((await shopperPage.request.post("/api/add-to-cart", { data: { productId: id } })).ok()).toBe(true);

  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await edit.getByLabel("Selling Price").fill("35000");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await page.goto(`/product/${id}`);
  await expect(page.getByText("30% off")).toBeVisible();
  await shopperPage.goto("/user-panel/cart");
  await expect(shopperPage.getByTestId("cart-total")).toHaveText("₹35,000");
  await shopperContext.close();
});

test("@mobile the admin's Orders screen: tabs by state, a search by email or number, the view in the address", async ({ page, browser }, testInfo) => {
  // One paid order first, through the emulated hosted checkout.
  const buyer = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const buyerPage = await buyer.newPage();
  const email = await signInFreshShopper(buyerPage, "admin-orders");
  const product = (await productsInStock(buyerPage, 1))[0]!;
  expect((await buyerPage.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  const lines = (await (await buyerPage.request.get(`/api/count-cart-product/${await userIdOf(buyerPage)}`)).json()).data as { _id: string }[];
  const session = (await (await buyerPage.request.post("/api/checkout", { data: { cartItems: lines } })).json()).data as { id: string; url: string };
  await buyerPage.goto(session.url);
  await payOnHostedPage(buyerPage, "4242 4242 4242 4242", "Admin Orders");
  await expect(buyerPage).toHaveURL(/\/success/);
  await buyer.close();

  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/orders");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  // Waiting to ship is the default tab, with its count; a freshly paid order is in it.
  const waiting = page.getByRole("link", { name: /^Waiting to ship \d+/ });
  await expect(waiting).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("pager-status").filter({ visible: true })).toHaveText(/^Showing 1-\d+ of \d+$/);
  await expect(page.getByTestId("admin-order").first().getByTestId("order-status")).toHaveText("Paid, not yet shipped");
  await page.screenshot({ path: testInfo.outputPath("admin-orders-waiting.png"), fullPage: true });

  // The oldest wait on top, so the new one is found by the customer's email.
  await page.getByLabel("Search orders").fill(email);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(email);
  const row = page.getByTestId("admin-order").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("order-status")).toHaveText("Paid, not yet shipped");
  // The row's address carries the list's view (its "All orders" link comes back to it).
  await expect(row).toHaveAttribute("href", new RegExp(`^/admin-panel/orders/[0-9a-f-]{36}\\?q=${encodeURIComponent(email).replace(/[.+]/g, "\\$&")}$`));
  const number = new URL((await row.getAttribute("href"))!, "http://x").pathname.replace(/-/g, "").slice(-8).toUpperCase();
  await expect(row).toContainText(`#${number}`);
  await expect(page.getByRole("link", { name: /^Waiting to ship 1$/ })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("admin-orders.png"), fullPage: true });

  // Another tab keeps the search: nothing shipped for this customer; back returns to the order.
  await page.getByRole("link", { name: /^Shipped 0$/ }).click();
  await expect(page.getByText(`No shipped orders match “${email}”.`)).toBeVisible();
  expect(new URL(page.url()).searchParams.get("status")).toBe("SHIPPED");
  await page.goBack();
  await expect(row).toHaveCount(1);
  await expect(page.getByLabel("Search orders")).toHaveValue(email);

  // By the number the shopper quotes; a reload keeps the view.
  await page.getByLabel("Search orders").fill(`#${number}`);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(`#${number}`);
  await expect(page.getByTestId("admin-order")).toHaveCount(1);
  await page.reload();
  await expect(page.getByLabel("Search orders")).toHaveValue(`#${number}`);
  await expect(page.getByTestId("admin-order").filter({ hasText: email })).toHaveCount(1);
});
