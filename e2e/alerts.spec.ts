import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expect, signInAsDemoAdmin, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { readOutbox, type OutboxEmail } from "./emulators";
import { signInFreshShopper } from "./shopper";

// Wishlist alerts, at 1280 and 390 px: a wishlisted product's price drops by the admin's edit and
// the digest arrives with a one-click unsubscribe that works as a mail client uses it (a form POST
// with no cookie, then My Account shows the alert off); "Notify me" on an out-of-stock product, a
// restock, the mail, and its link opened in the browser (a page with a button, nothing changed
// until it is pressed).

type Product = { _id: string; productName: string; productImage: string[] };

async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInAsDemoAdmin(admin);
  return admin;
}

const form = (product: Product, sellingPrice: number, stock: number) => ({
  productName: product.productName,
  brandName: "Volt",
  category: "camera",
  productImage: product.productImage,
  productDesc: "Made by the alerts journeys.",
  price: 2000,
  sellingPrice,
  stock,
});

async function newProduct(admin: Page, name: string, stock: number): Promise<Product> {
  const image = ((await (await admin.request.get("/api/get-product")).json()).data as Product[])[0]!.productImage[0]!;
  const made = await admin.request.post("/api/upload-product", { data: form({ _id: "", productName: name, productImage: [image] }, 1500, stock) });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data as Product;
}

async function editProduct(admin: Page, product: Product, sellingPrice: number, stock: number): Promise<void> {
  const answer = await admin.request.put("/api/update-product", { data: { _id: product._id, ...form(product, sellingPrice, stock) } });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** The alert mail to `email` with this subject, once it has arrived (sent in the background, paced to Resend's limit). */
async function alertMail(email: string, subject: string): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(async () => {
      found = (await readOutbox(email)).find((mail) => mail.subject === subject);
      return Boolean(found);
    }, { timeout: 30_000, message: `the mail "${subject}"` })
    .toBe(true);
  return found!;
}

/** The path and query of the one-click address in the mail's List-Unsubscribe header. */
function oneClickPath(mail: OutboxEmail): string {
  expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  const url = new URL(/<(https?:\/\/[^>]+)>/.exec(mail.headers?.["List-Unsubscribe"] ?? "")![1]!);
  expect(url.pathname).toBe("/api/unsubscribe");
  return `${url.pathname}${url.search}`;
}

test("@mobile a price drop by the admin's edit mails the shopper, and the mail's one-click unsubscribe turns the alerts off", async ({ page, browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const admin = await adminPage(browser, baseURL);
  const product = await newProduct(admin, `Volt Alert Cam ${Date.now().toString(36)}`, 10);

  const email = await signInFreshShopper(page, "alerts");
  await page.goto(`/product/${product._id}`);
  const main = page.locator("main");
  await main.getByRole("button", { name: `Add ${product.productName} to wishlist` }).click();
  await expect(main.getByRole("button", { name: `Remove ${product.productName} from wishlist` })).toHaveAttribute("aria-pressed", "true");
  // In stock: no "Notify me".
  await expect(main.getByTestId("notify-me")).toHaveCount(0);

  await page.goto("/user-panel/wishlist");
  const line = page.getByTestId("wishlist-line").filter({ hasText: product.productName });
  const priceDrop = line.getByRole("checkbox", { name: "Price drop" });
  await expect(priceDrop).not.toBeChecked();
  // By keyboard: focus the box, Space.
  await priceDrop.focus();
  await page.keyboard.press("Space");
  await expect(priceDrop).toBeChecked();
  await expect(page.getByText(`We will email you about ${product.productName}: price drop`)).toBeVisible();
  await expect(line.getByRole("checkbox", { name: "Back in stock" })).not.toBeChecked();
  await expectNoSeriousViolations(page);

  // The admin lowers the price: the answer does not wait for the mail.
  await editProduct(admin, product, 1200, 10);
  const mail = await alertMail(email, `Price drop: ${product.productName}`);
  expect(mail.text).toContain("₹1,500 → ₹1,200");
  expect(mail.html).toContain("unsubscribe from all wishlist alerts");

  await page.goto("/user-panel/my-account");
  const alerts = page.getByTestId("email-alerts");
  await expect(alerts.getByTestId("alert-row").filter({ hasText: product.productName })).toContainText("Price drop below ₹1,200");
  await expectNoSeriousViolations(page);

  // The mail client's one-click: a form POST with no cookie and no Origin; 200, no redirect.
  const mailClient: APIRequestContext = await playwrightRequest.newContext({ baseURL });
  const clicked = await mailClient.post(oneClickPath(mail), { form: { "List-Unsubscribe": "One-Click" }, maxRedirects: 0 });
  expect(clicked.status()).toBe(200);
  expect((await clicked.json()).message).toBe("You are unsubscribed from wishlist alerts.");
  await mailClient.dispose();

  await page.reload();
  await expect(alerts.getByTestId("no-alerts")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("my-account-alerts-off.png"), fullPage: true });
  await page.goto("/user-panel/wishlist");
  await expect(page.getByTestId("wishlist-line").filter({ hasText: product.productName }).getByRole("checkbox", { name: "Price drop" })).not.toBeChecked();
  await admin.context().close();
});

test("@mobile 'Notify me' on an out-of-stock product, a restock, the mail; its link opens a page that changes nothing until pressed", async ({ page, browser }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const admin = await adminPage(browser, baseURL);
  const product = await newProduct(admin, `Volt Restock Cam ${Date.now().toString(36)}`, 0);

  // Signed out, "Notify me" leads to sign in, as the heart does.
  await page.goto(`/product/${product._id}`);
  await page.locator("main").getByRole("button", { name: "Notify me" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("Please log in first.")).toBeVisible();

  const email = await signInFreshShopper(page, "notify");
  await page.goto(`/product/${product._id}`);
  const main = page.locator("main");
  await expect(main.getByTestId("stock-status")).toHaveText("Out of stock");
  const notify = main.getByRole("button", { name: "Notify me" });
  await expect(notify).toHaveAttribute("aria-pressed", "false");
  await notify.click();
  await expect(notify).toHaveAttribute("aria-pressed", "true");
  await expect(main.getByText(`We will email you when ${product.productName} is back in stock.`)).toBeVisible();
  await expect(page.locator("header").getByTestId("wishlist-count")).toHaveText("1");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("notify-me.png"), fullPage: true });

  await page.goto("/user-panel/my-account");
  const row = page.getByTestId("alert-row").filter({ hasText: product.productName });
  await expect(row).toContainText("Back in stock · since");

  await editProduct(admin, product, 1500, 5);
  const mail = await alertMail(email, `Back in stock: ${product.productName}`);
  expect(mail.text).toContain("Back in stock at ₹1,500");
  expect(mail.text).toContain(`/product/${product._id}`);

  // The link opened in a browser (as a mail scanner would): a page with a button; nothing changes yet.
  await page.goto(oneClickPath(mail));
  await expect(page).toHaveURL(/\/unsubscribe\?t=/);
  await expect(page.getByText("Press the button to stop the wishlist alerts")).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.goto("/user-panel/my-account");
  await expect(row).toContainText("Back in stock");
  await page.goBack();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByTestId("unsubscribe-done")).toHaveText("You are unsubscribed from wishlist alerts.");
  await page.goto("/user-panel/my-account");
  await expect(page.getByTestId("no-alerts")).toBeVisible();
  await admin.context().close();
});

test("@mobile My Account's 'Review request emails' switch", async ({ page }) => {
  await signInFreshShopper(page, "prefs");
  await page.goto("/user-panel/my-account");
  const toggle = page.getByRole("switch", { name: /Review request emails/ });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByText("Review request emails are off")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("switch", { name: /Review request emails/ })).not.toBeChecked();
  expect(((await (await page.request.get("/api/mail-preferences")).json()).data as { reviewRequests: boolean }).reviewRequests).toBe(false);
});
