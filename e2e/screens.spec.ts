import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { PRODUCT_IMAGE_MESSAGE } from "../lib/schemas";
import { png } from "../tests/png";
import { expectNoSeriousViolations } from "./axe";
import { payOnHostedPage } from "./emulators";
import { productsInStock, SHOPPER_PASSWORD, signInFreshShopper } from "./shopper";

// The screen review's points (issue 24, 8–15), each at 1280 px and, tagged @mobile, at 390 px:
// All Users within the screen, role changes, a chunk failure on /signin, a stale cart at checkout,
// /success without a payment, the product form's image field, My Orders' product names and the
// logo's spoken name.

async function userIdOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/user-details")).json()).data as { _id: string })._id;
}

/**
 * The page does not scroll sideways: nothing is wider than the screen. (On a phone the browser
 * widens its layout viewport to content that does not fit, so innerWidth grows with it: compare
 * with the screen's width as set.)
 */
async function expectNoSidewaysScroll(page: Page) {
  const screen = page.viewportSize()!.width;
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(innerWidth, "the layout viewport's width").toBe(screen);
  expect(scrollWidth, "the document's width").toBeLessThanOrEqual(screen);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("@mobile All Users: a table on a wide screen, a card per account on a phone, nothing cut or wider than the screen", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/all-users");
  const rows = page.getByTestId("user-row");
  await expect(rows.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  // The header's Logout starts on screen.
  const logout = page.locator("header").getByRole("button", { name: "Logout" });
  await expect(logout).toBeInViewport({ ratio: 1 });
  const narrow = testInfo.project.name === "mobile";
  await expect(page.getByText(/scroll the table sideways/)).toHaveCount(0);
  if (narrow) {
    // No table to cut: each account is a card, whole on the screen: name, email, role and delete.
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Accounts, newest first" })).toBeVisible();
    const screen = page.viewportSize()!.width;
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(screen);
    }
    const first = rows.first();
    for (const part of [first.getByRole("combobox"), first.locator("time")]) await expect(part).toBeInViewport({ ratio: 1 });
    const del = page.getByRole("button", { name: /^Delete / }).first();
    await expect(del).toBeInViewport({ ratio: 1 });
    const email = (await del.getAttribute("aria-label"))!.match(/\(([^)]+)\)$/)![1]!;
    await expect(page.getByRole("listitem").filter({ has: del }).getByText(email, { exact: true })).toBeInViewport({ ratio: 1 });
  } else {
    const table = page.getByRole("region", { name: "Accounts table" });
    await expect(table).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Email" })).toBeVisible();
  }
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`all-users-${testInfo.project.name}.png`), fullPage: true });
});

test("@mobile the admin's own role select is disabled, and a role is saved on Enter, not on every arrow key", async ({ page }) => {
  // A shopper, and an admin of their own (made by the demo admin): both on the first page.
  const email = await signInFreshShopper(page, "arrow-keys");
  const userId = await userIdOf(page);
  await page.context().clearCookies();
  const adminEmail = await signInFreshShopper(page, "second-admin");
  const adminId = await userIdOf(page);
  await page.context().clearCookies();
  await signInAsDemoAdmin(page);
  expect((await page.request.put(`/api/update-role/${adminId}`, { data: { role: "ADMIN" } })).ok()).toBe(true);
  await page.context().clearCookies();
  expect((await page.request.post("/api/signin", { data: { email: adminEmail, password: SHOPPER_PASSWORD } })).status()).toBe(200);
  await page.goto("/admin-panel/all-users");
  await expect(page.getByTestId("user-row").first()).toBeVisible();

  const own = page.getByRole("combobox", { name: new RegExp(`\\(${escape(adminEmail)}\\)$`) });
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription("You cannot change your own role.");
  await expectNoSeriousViolations(page);

  const saves: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes("/api/update-role/")) saves.push(request.postData() ?? "");
  });
  const select = page.getByRole("combobox", { name: new RegExp(`\\(${escape(email)}\\)$`) });
  await expect(select).toHaveValue("USER");
  await select.focus();
  // Through the choices with the arrow keys: nothing is saved on the way.
  await page.keyboard.press("ArrowUp");
  await expect(select).toHaveValue("ADMIN");
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue("USER");
  await page.keyboard.press("ArrowUp");
  await expect(select).toHaveValue("ADMIN");
  await page.waitForTimeout(500);
  expect(saves).toEqual([]);
  await expect(page.getByText("Role updated successfully")).toHaveCount(0);
  // Enter saves the choice, once.
  await page.keyboard.press("Enter");
  await expect(page.getByText("Role updated successfully")).toBeVisible();
  expect(saves).toEqual([JSON.stringify({ role: "ADMIN" })]);
  await expect(select).toBeFocused();
  const users = (await (await page.request.get("/api/all-users?page=1&limit=50")).json()).data as { _id: string; role: string }[];
  expect(users.find((user) => user._id === userId)?.role).toBe("ADMIN");
  // Leaving the select also saves (a mouse choice, or the keyboard's Tab).
  await select.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect.poll(() => saves.length).toBe(2);
  expect(saves[1]).toBe(JSON.stringify({ role: "USER" }));
});

test("@mobile a script chunk that does not load on the way to /signin shows 'Loading chunk {id} failed'", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("product-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // From here on, no new script chunk arrives (a deploy removed it, the network dropped it).
  await page.route("**/_next/static/chunks/**", (route) => route.abort("failed"));
  await page.locator("header").getByRole("link", { name: "Sign In" }).click();
  const heading = page.getByRole("heading", { level: 1, name: /^Loading chunk \S+ failed$/ });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("alert").filter({ hasText: "Reload the page" })).toBeVisible();
  await page.unroute("**/_next/static/chunks/**");
  await page.getByRole("button", { name: "Reload the page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toBeVisible();
});

test("@mobile a checkout from a stale cart shows the lines the cart has now", async ({ page }) => {
  await signInFreshShopper(page, "stale");
  const products = await productsInStock(page, 2);
  for (const product of products) expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  await page.goto("/user-panel/cart");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const count = page.locator("header").getByTestId("cart-count");
  await expect(count).toHaveText("2");

  // Another tab removes a line meanwhile; this page still shows it.
  const lines = (await (await page.request.get(`/api/count-cart-product/${await userIdOf(page)}`)).json()).data as { _id: string }[];
  expect((await page.request.post("/api/delete-cart-product", { data: { cartProductId: lines[0]!._id } })).ok()).toBe(true);
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByTestId("checkout-summary");
  await expect(summary.getByRole("listitem")).toHaveCount(1);
  await expect(summary).toContainText(products[1]!.productName);
  await expectNoSeriousViolations(page);
});

test("@mobile /success with a made-up or missing session leads with a neutral note: no tick, no 'Payment Successfull..!'", async ({ page }, testInfo) => {
  await signInFreshShopper(page, "nosuch");
  for (const path of ["/success?session_id=cs_test_madeup", "/success"]) {
    await page.goto(path);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "No payment found" })).toBeVisible();
    await expect(main.getByText("We could not find a payment for this page.").filter({ visible: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment Successfull..!" })).toHaveCount(0);
    await expect(main.getByTestId("success-tick").filter({ visible: true })).toHaveCount(0);
    await expect(main.getByTestId("order")).toHaveCount(0);
    // The note comes first: the heading is the first thing in the page's section.
    const first = await main.locator("section").first().evaluate((section) => section.querySelector("h1")?.textContent);
    expect(first).toBe("No payment found");
    await expect(main.getByRole("link", { name: "See my orders" })).toBeVisible();
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`success-none-${testInfo.project.name}.png`), fullPage: true });
});

test("@mobile the product form: Enter opens the file chooser, the image message goes once an image is added, focus stays after a move", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/all-products");
  await expect(page.getByTestId("admin-product").first()).toBeVisible();
  await page.getByRole("button", { name: "Upload Product" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload Product" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Product Name").fill("Volt Form Test");
  await dialog.getByLabel("Brand Name").fill("Volt");
  await dialog.getByLabel("Category").selectOption("camera");
  await dialog.getByLabel("Description").fill("Only to try the form.");
  await dialog.getByLabel("Price", { exact: true }).fill("500");
  await dialog.getByLabel("Selling Price").fill("400");
  // Saved without an image: refused, and said once, under the images (an alert), not in a toast too.
  await dialog.getByRole("button", { name: "Upload Product" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: PRODUCT_IMAGE_MESSAGE })).toBeVisible();
  await expect(page.getByText(PRODUCT_IMAGE_MESSAGE)).toHaveCount(1);

  // Enter on the file field opens the chooser (as Space does).
  const input = dialog.locator('input[type="file"]');
  await input.focus();
  const chooser = page.waitForEvent("filechooser", { timeout: 5_000 });
  await page.keyboard.press("Enter");
  await (
    await chooser
  ).setFiles([
    { name: "front.png", mimeType: "image/png", buffer: png(40, 30) },
    { name: "back.png", mimeType: "image/png", buffer: png(30, 40) },
  ]);
  await expect(dialog.getByTestId("product-image-thumb")).toHaveCount(2);
  // The images are there: no '*Please Upload Product image' anywhere.
  await expect(page.getByText(PRODUCT_IMAGE_MESSAGE)).toHaveCount(0);

  // Moving image 2 to the front keeps the focus on that image's controls.
  await dialog.getByRole("button", { name: "Move image 2 earlier" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("img", { name: "Image 1" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Move image 1 later" })).toBeFocused();
  // And back, with the keyboard alone.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Move image 2 earlier" })).toBeFocused();
  // Removing one leaves the focus in the field.
  await dialog.getByRole("button", { name: "Remove image 2" }).click();
  await expect(dialog.getByTestId("product-image-thumb")).toHaveCount(1);
  expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe("BODY");
  await expectNoSeriousViolations(page);
  await dialog.screenshot({ path: testInfo.outputPath(`product-form-${testInfo.project.name}.png`) });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("@mobile My Orders shows each product's whole name", async ({ page }, testInfo) => {
  await signInFreshShopper(page, "long-name");
  const found = (await (await page.request.get(`/api/search-product?q=${encodeURIComponent("Refrigerator with InstaView")}`)).json()).data as { _id: string; productName: string }[];
  const product = found.find((item) => item.productName.length > 50)!;
  expect(product).toBeTruthy();
  expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  const lines = (await (await page.request.get(`/api/count-cart-product/${await userIdOf(page)}`)).json()).data as { _id: string }[];
  const session = (await (await page.request.post("/api/checkout", { data: { cartItems: lines } })).json()).data as { url: string };
  await page.goto(session.url);
  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success/);

  await page.goto("/user-panel/my-orders");
  const order = page.locator("main").getByTestId("order").filter({ visible: true }).first();
  const name = order.getByText(product.productName, { exact: true });
  await expect(name).toBeVisible();
  // Not cut: the element is as tall as its text.
  const { scrollHeight, clientHeight } = await name.evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
  expect(scrollHeight).toBeLessThanOrEqual(clientHeight);
  await expectNoSidewaysScroll(page);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`my-orders-${testInfo.project.name}.png`), fullPage: true });
});

test("@mobile the logo link's spoken name starts with its visible text", async ({ page }) => {
  await page.goto("/");
  const logo = page.locator("header").getByRole("link", { name: /home$/ });
  await expect(logo).toHaveAccessibleName("VoltElectronics home");
  await expect(page.locator("footer").getByRole("link", { name: /home$/ })).toHaveAccessibleName("VoltElectronics home");
  await expectNoSeriousViolations(page);
});
