import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { CARRIER_TRACKING } from "../lib/orders/order-lifecycle";
import { orderNumber } from "../lib/orders/order-number";
import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { payOnHostedPage } from "./emulators";
import { productsInStock, SHOPPER_PASSWORD, signInFreshShopper } from "./shopper";

// The admin screens' review (issue 35), each at 1280 px and, tagged @mobile, at 390 px: the order
// page's "All orders" link back to the list's tab and search, the state tabs in one row on a
// phone, a refusal said once in the admin's forms, a listed carrier's tracking link made from the
// number, and a 40-character tracking number that widens no page.

/** A fresh shopper pays by card for one unit; answers their email and the order's id. The page stays signed in as them. */
async function paidOrder(page: Page, prefix: string): Promise<{ email: string; orderId: string }> {
  const email = await signInFreshShopper(page, prefix);
  const [product] = await productsInStock(page, 1);
  expect((await page.request.post("/api/add-to-cart", { data: { productId: product!._id } })).ok()).toBe(true);
  const userId = ((await (await page.request.get("/api/user-details")).json()).data as { _id: string })._id;
  const lines = (await (await page.request.get(`/api/count-cart-product/${userId}`)).json()).data as { _id: string }[];
  const session = (await (await page.request.post("/api/checkout", { data: { cartItems: lines } })).json()).data as { url: string };
  await page.goto(session.url);
  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page).toHaveURL(/\/success/);
  const orders = (await (await page.request.get("/api/get-order-details")).json()).data as { _id: string }[];
  expect(orders).toHaveLength(1);
  return { email, orderId: orders[0]!._id };
}

async function signInAs(page: Page, email: string) {
  await page.context().clearCookies();
  if (email === DEMO_ADMIN.email) return signInAsDemoAdmin(page);
  expect((await page.request.post("/api/signin", { data: { email, password: SHOPPER_PASSWORD } })).status()).toBe(200);
}

/** The page does not scroll sideways: the document is no wider than its window, which is the screen as set. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    clientWidth: document.scrollingElement!.clientWidth,
    innerWidth: window.innerWidth,
  }));
  expect(innerWidth, "the layout viewport's width").toBe(page.viewportSize()!.width);
  expect(scrollWidth, "the document's width").toBeLessThanOrEqual(clientWidth);
}

test("@mobile the order page's All orders link goes back to the list's tab and search", async ({ page }, testInfo) => {
  const { email, orderId } = await paidOrder(page, "back-link");
  await signInAs(page, DEMO_ADMIN.email);
  await page.goto(`/admin-panel/orders?status=all&q=${encodeURIComponent(email)}`);
  const row = page.getByTestId("admin-order");
  await expect(row).toHaveCount(1);
  await row.click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/orders/${orderId}\\?`));
  await expect(page.getByRole("heading", { name: `Order ${orderNumber(orderId)}` })).toBeVisible();
  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin-panel/orders\\?status=all&q=${encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  await expect(page.getByRole("searchbox", { name: "Search orders" })).toHaveValue(email);
  await expect(page.getByRole("link", { name: /^All \d+/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("admin-order")).toHaveCount(1);
  // Opened from anywhere else (a mail's link), it goes to the list's first tab.
  await page.goto(`/admin-panel/orders/${orderId}`);
  await expect(page.getByRole("link", { name: "All orders" })).toHaveAttribute("href", "/admin-panel/orders");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`order-page-${testInfo.project.name}.png`), fullPage: true });
});

test("@mobile the Orders screen's state tabs (the nine states, Returns and Cash to come in) are one row, which scrolls sideways on a phone", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/orders?status=all");
  const tabs = page.getByTestId("order-tab");
  await expect(tabs).toHaveCount(11);
  // Counts arrive with the list: measure once they are in.
  await expect(page.getByRole("link", { name: /^All \d+/ })).toBeVisible();
  if (testInfo.project.name === "mobile") {
    // On a wide screen they may wrap, as they always did; on a phone they are one row.
    const tops = new Set<number>();
    for (const tab of await tabs.all()) tops.add(Math.round((await tab.boundingBox())!.y));
    expect([...tops], "the tabs' rows").toHaveLength(1);
  }
  await expectNoSidewaysScroll(page);
  // The current tab (the last one) is brought into view in its row.
  await expect(page.getByRole("link", { name: /^All \d+/ })).toBeInViewport({ ratio: 1 });
  if (testInfo.project.name === "mobile") {
    const row = page.getByTestId("order-tabs");
    expect(await row.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  }
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`order-tabs-${testInfo.project.name}.png`) });
});

test("@mobile a 40-character tracking number widens neither My Orders nor the admin's order page; the carrier's link is made from it", async ({ page }, testInfo) => {
  const { email, orderId } = await paidOrder(page, "long-tracking");
  const trackingNumber = "DL-1234567890ABCDEFGHIJKLMNOPQRSTUVWXYZ1"; // 40 characters
  expect(trackingNumber).toHaveLength(40);
  await signInAs(page, DEMO_ADMIN.email);
  // No link typed: the listed carrier's page for this number.
  const shipped = await page.request.post("/api/ship-order", { data: { orderId, carrier: "Delhivery", trackingNumber } });
  expect(shipped.status()).toBe(200);
  const link = CARRIER_TRACKING.Delhivery.url(trackingNumber);

  await page.goto(`/admin-panel/orders/${orderId}`);
  await expect(page.locator("main").getByTestId("order-tracking")).toContainText(trackingNumber);
  await expectNoSidewaysScroll(page);
  await expect(page.locator("main").getByTestId("tracking-link")).toHaveAttribute("href", link);
  await page.screenshot({ path: testInfo.outputPath(`long-tracking-admin-${testInfo.project.name}.png`), fullPage: true });

  await signInAs(page, email);
  await page.goto("/user-panel/my-orders");
  const card = page.locator("main").getByTestId("order").filter({ visible: true });
  await expect(card.getByTestId("order-tracking")).toContainText(trackingNumber);
  await expect(card.getByTestId("order-timeline")).toContainText(`Shipped with Delhivery (${trackingNumber})`);
  await expectNoSidewaysScroll(page);
  await expect(card.getByTestId("tracking-link")).toHaveAttribute("href", link);
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath(`long-tracking-my-orders-${testInfo.project.name}.png`), fullPage: true });
});

test("@mobile a refusal in the admin's forms is said once: under its field, or above the buttons, never in a toast as well", async ({ page }, testInfo) => {
  const { orderId } = await paidOrder(page, "said-once");
  const number = orderNumber(orderId);
  await signInAs(page, DEMO_ADMIN.email);

  // The product form: the server refuses one field; its message is under it, and only there.
  await page.goto("/admin-panel/all-products");
  await page.getByRole("button", { name: /^Edit / }).first().click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  const price = Number(await edit.getByLabel("Price", { exact: true }).inputValue());
  await edit.getByLabel("Selling Price").fill(String(price + 100));
  await edit.getByRole("button", { name: "Update Product" }).click();
  const above = "Selling price cannot be above the price";
  await expect(edit.getByText(above)).toBeVisible();
  await expect(page.getByText(above)).toHaveCount(1);
  await expect(edit.getByLabel("Selling Price")).toBeFocused();
  await expect(edit.getByLabel("Selling Price")).toHaveAccessibleDescription(above);
  await edit.getByRole("button", { name: "Close" }).click();

  // The ship dialog: a field refused by the shared schema is said under it; a typed link off
  // the listed carrier's site too.
  await page.goto(`/admin-panel/orders/${orderId}`);
  await page.getByRole("button", { name: "Mark shipped" }).click();
  const ship = page.getByRole("dialog", { name: `Mark order ${number} shipped` });
  await ship.getByLabel("Carrier", { exact: true }).selectOption("Delhivery");
  await ship.getByLabel("Tracking number").fill("DL-55554444");
  await ship.getByLabel("Tracking link (optional)").fill("https://track.example.com/DL-55554444");
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  const offSite = "A Delhivery tracking link is on delhivery.com";
  await expect(ship.getByText(offSite)).toBeVisible();
  await expect(page.getByText(offSite)).toHaveCount(1);
  await expect(ship.getByLabel("Tracking link (optional)")).toBeFocused();
  await ship.getByLabel("Tracking link (optional)").fill("");

  // The server's refusal of the whole (someone shipped it meanwhile): once, above the buttons.
  // Every toast shown from here on is noted, even one gone again before it is looked for.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => document.querySelectorAll("[data-sonner-toast]").forEach((toast) => seen.push(toast.textContent ?? ""))).observe(document.documentElement, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  expect((await page.request.post("/api/ship-order", { data: { orderId, carrier: "Blue Dart", trackingNumber: "BD-11112222" } })).status()).toBe(200);
  await ship.getByRole("button", { name: "Mark shipped" }).click();
  const already = "This order was already shipped (Blue Dart BD-11112222). It cannot be marked shipped.";
  await expect(ship.getByRole("alert")).toHaveText(already);
  await expect(page.getByText(already)).toHaveCount(1);
  await expectNoSeriousViolations(page);
  await ship.screenshot({ path: testInfo.outputPath(`ship-refused-${testInfo.project.name}.png`) });
  await ship.getByRole("button", { name: "Cancel" }).click();
  await expect(ship).toBeHidden();
  // A later success's toast shows (toasts show in the order they are asked for).
  await page.getByRole("button", { name: "Mark delivered" }).click();
  await page.getByRole("dialog", { name: `Mark order ${number} delivered?` }).getByRole("button", { name: "Mark delivered" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `Order ${number} marked delivered` })).toBeVisible();
  // Toasts show in the order they are asked for: a toast of the refusal would have been seen by now.
  const toastsSeen = await page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
  expect(toastsSeen.some((text) => text.includes(`Order ${number} marked delivered`))).toBe(true);
  expect(toastsSeen.filter((text) => text.includes(already))).toEqual([]);

  // The refund dialog: nothing chosen is said once, above the buttons (the summary does not repeat it).
  await page.getByRole("button", { name: "Refund", exact: true }).click();
  const refund = page.getByRole("dialog", { name: `Refund order ${number}` });
  await refund.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(refund.getByRole("alert")).toHaveText("Choose the units to refund.");
  await expect(page.getByText("Choose the units to refund.")).toHaveCount(1);
  await refund.getByRole("button", { name: "Cancel" }).click();
});
