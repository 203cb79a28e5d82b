import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { DEMO_SELLER } from "../lib/billing/demo-seller";
import { invoiceRupees } from "../lib/billing/document-layout";
import { rupeesToPaise } from "../lib/shared/money";
import { expectNoSeriousViolations } from "./axe";
import { EMULATOR_URL, payOnHostedPage } from "./emulators";
import { productsInStock, signInFreshShopper } from "./shopper";

// GST billing as a shopper and an admin see it: a paid order's tax invoice, reached from My Orders,
// read on its page and downloaded as a PDF whose text (read back by poppler's pdftotext) names the
// seller's GSTIN, the invoice's number, the taxes and the total; the admin's Settings, where the
// seller's details are kept, each refusal said under its field.

type Order = { _id: string; total_amount: number };

async function buyOne(page: Page): Promise<Order> {
  await signInFreshShopper(page, "invoice");
  const [product] = await productsInStock(page, 1);
  expect((await page.request.post("/api/add-to-cart", { data: { productId: product!._id } })).ok()).toBe(true);
  await page.goto("/user-panel/cart");
  await page.getByRole("button", { name: "Checkout" }).click();
  await expect(page).toHaveURL(new RegExp(`^${EMULATOR_URL}/stripe/pay/cs_test_`));
  await payOnHostedPage(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Payment Successfull..!" })).toBeVisible();
  return ((await (await page.request.get("/api/get-order-details")).json()).data as Order[])[0]!;
}

/** Whether the page is wider than the screen (it must never be: wide tables scroll in their own box). */
const pageOverflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test("@mobile a paid order's tax invoice: from My Orders to its page and its PDF, naming the seller's GSTIN, the taxes and the total", async ({ page }) => {
  const order = await buyOne(page);
  const total = invoiceRupees(rupeesToPaise(order.total_amount));
  // Issued right after the order was recorded: My Orders shows it once there.
  const link = page.locator("main").getByTestId("order").filter({ visible: true }).getByRole("link", { name: /^Tax invoice IN\/\d{4}\/\d{8}$/ });
  await expect(async () => {
    await page.goto("/user-panel/my-orders");
    await expect(link).toBeVisible({ timeout: 2000 });
  }).toPass();
  const number = (await link.textContent())!.replace("Tax invoice ", "");
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/invoice/${order._id}$`));
  const sheet = page.getByRole("article", { name: "Tax invoice" });
  await expect(sheet).toContainText(number);
  await expect(sheet).toContainText(`GSTIN: ${DEMO_SELLER.gstin}`);
  await expect(sheet).toContainText("Karnataka (29)");
  await expect(sheet.getByRole("columnheader", { name: "CGST", exact: true })).toBeVisible();
  await expect(sheet).toContainText(total);
  expect(await pageOverflows(page)).toBe(false);
  await expectNoSeriousViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`${number.replace(/\//g, "-")}.pdf`);
  const text = spawnSync("pdftotext", ["-layout", "-", "-"], { input: readFileSync((await download.path())!) }).stdout.toString();
  for (const expected of ["Tax invoice", number, DEMO_SELLER.gstin!, "CGST", "SGST", total, "Tax payable on reverse charge"]) expect(text, expected).toContain(expected);
});

test("an order's invoice is its owner's: another shopper's session gets the 404 page, and a 404 for the PDF", async ({ page, browser }) => {
  const order = await buyOne(page);
  const other = await browser.newPage();
  try {
    await signInFreshShopper(other, "not-mine");
    expect((await other.request.get(`/api/invoice/${order._id}`)).status()).toBe(404);
    // The page streams, so its status is sent before the order is looked up: the 404 page says it.
    await other.goto(`/invoice/${order._id}`);
    await expect(other.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(other.locator("main")).not.toContainText(order._id.slice(-6).toUpperCase());
  } finally {
    await other.close();
  }
});

test("@mobile the admin keeps the seller's details in Settings: a wrong GSTIN is refused under its field, a change is saved and listed", async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const gstin = page.getByLabel("GSTIN");
  await expect(gstin).toHaveValue(DEMO_SELLER.gstin!);
  const phone = page.getByLabel("Contact phone");
  const before = await phone.inputValue();
  await gstin.fill(`${DEMO_SELLER.gstin!.slice(0, 14)}Q`);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("This GSTIN's check character is wrong: check it for a typing error")).toBeVisible();
  await expect(gstin).toBeFocused();
  await expect(gstin).toHaveAttribute("aria-invalid", "true");
  expect(await pageOverflows(page)).toBe(false);
  await expectNoSeriousViolations(page);

  await gstin.fill(DEMO_SELLER.gstin!);
  await phone.fill("+91 80 4000 9999");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Seller details saved")).toBeVisible();
  await expect(page.getByRole("region", { name: "Recent changes" }).getByRole("listitem").first()).toContainText("Contact phone");
  await phone.fill(before);
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Seller details saved").first()).toBeVisible();
});
