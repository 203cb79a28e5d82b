import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, signInAsDemoAdmin, test, type Page } from "./fixtures";
import { DEMO_SELLER } from "../lib/billing/demo-seller";
import { invoiceRupees } from "../lib/billing/document-layout";
import { rupeesToPaise } from "../lib/shared/money";
import { expectNoSeriousViolations } from "./axe";
import { EMULATOR_URL, payOnHostedPage, checkoutByCard } from "./emulators";
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
  await checkoutByCard(page);
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
  // The restore is saved before the next journey reads the seller's details.
  await expect.poll(async () => ((await (await page.request.get("/api/seller-settings")).json()).data.details as { phone: string }).phone).toBe(before);
});

test("@mobile the admin's product form sets the product's own GST rate and legal details, a wrong HSN code refused beside it; the product page shows them", async ({ page }) => {
  await signInAsDemoAdmin(page);
  const image = ((await (await page.request.get("/api/get-product")).json()).data as { productImage: string[] }[])[0]!.productImage[0]!;
  const name = `Volt Taxed Cam ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/upload-product", {
    data: { productName: name, brandName: "Volt", category: "camera", productImage: [image], productDesc: "Made by the billing journeys.", price: 2000, sellingPrice: 1500, stock: 5 },
  });
  expect(created.status()).toBe(201);
  const { _id: id } = (await created.json()).data as { _id: string };
  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Product" });
  await dialog.getByText("Tax and legal details").click();
  const hsn = dialog.getByLabel("HSN code");
  await hsn.fill("852");
  await dialog.getByLabel("GST rate").selectOption("28");
  await dialog.getByLabel("Country of origin").fill("India");
  await dialog.getByLabel("Warranty (months)").fill("24");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(dialog.getByText("HSN code must be 4, 6 or 8 digits")).toBeVisible();
  await expect(hsn).toHaveAttribute("aria-invalid", "true");
  await expectNoSeriousViolations(page);
  await hsn.fill("85258900");
  await dialog.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await page.goto(`/product/${id}`);
  await expect(page.getByTestId("mrp")).toHaveText("MRP List price ₹2,000 (incl. of all taxes)");
  const details = page.getByRole("region", { name: "Product details" });
  await expect(details).toContainText("Country of originIndia");
  await expect(details).toContainText("24 months from the manufacturer");
  await expect(details.getByRole("link", { name: "Contact and grievances" })).toBeVisible();
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>).find((data) => data["@type"] === "Product")!;
  expect(jsonLd.countryOfOrigin).toEqual({ "@type": "Country", name: "India" });
  expect(await pageOverflows(page)).toBe(false);
});

test("@mobile the GST report: the month's figures, a table downloaded as CSV", async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/gst-report");
  await expect(page.getByRole("heading", { name: "GST report", level: 1 })).toBeVisible();
  // Earlier journeys paid for orders this month: their invoices are in the month's figures.
  const totals = page.getByTestId("gst-totals");
  await expect(totals.getByRole("row", { name: /^Invoices/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "B2C sales" }).getByRole("row").nth(1)).toContainText("29 Karnataka");
  expect(await pageOverflows(page)).toBe(false);
  await expectNoSeriousViolations(page);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download B2C sales as CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^gstr1-b2cs-\d{4}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8").split("\n");
  expect(csv[0]).toBe("Type,Place Of Supply,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount");
  expect(csv[1]).toMatch(/^OE,29-Karnataka,18,\d+\.\d{2},0\.00,\d+\.\d{2},\d+\.\d{2},0\.00$/);
  // Another period, picked from the list: the page follows it.
  await page.getByLabel("Period").selectOption({ index: 2 });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\?period=/);
});
