import { expect, signInAsDemoAdmin, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";

// Specifications (issue 39): the admin defines one for a category, fills it in the product form,
// the product page's table shows it; retired, it leaves the page.

test("@mobile the admin adds a specification, fills it in the product form, and the product page shows it until it is retired", async ({ page }, testInfo) => {
  await signInAsDemoAdmin(page);
  const suffix = `${testInfo.project.name.replace(/[^a-z]/g, "").slice(0, 8)}${Date.now().toString(36)}`;
  const label = `Weight ${suffix}`;

  // A product of its own to edit (no other journey touches it).
  const name = `Volt Spec Speaker ${suffix}`;
  const created = await page.request.post("/api/upload-product", {
    data: { productName: name, brandName: "Volt", category: "speakers", productImage: ["/images/products/spea-001-1.svg"], productDesc: "A speaker for the specifications journey.", price: 4999, sellingPrice: 3999, stock: 5, specs: { speaker_type: "Portable" } },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { _id: string } }).data._id;

  await page.goto("/admin-panel/specifications?category=speakers");
  await expect(page.getByRole("link", { name: "Speakers" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("spec-definition").first()).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("admin-specifications.png"), fullPage: true });

  await page.getByRole("button", { name: "Add specification" }).click();
  const dialog = page.getByRole("dialog", { name: "Add specification" });
  await dialog.getByLabel("Label").fill(label);
  await dialog.getByLabel("Group (Display, Battery…)").fill("Build");
  await dialog.getByLabel("Key (in addresses and the API)").fill(`weight_${suffix}`);
  await dialog.getByLabel("Unit (GB, inches…)").fill("kg");
  await dialog.getByLabel("UN/CEFACT code").fill("KGM");
  await dialog.getByLabel("Decimal places").fill("1");
  await dialog.getByLabel("Lowest value").fill("0.1");
  await dialog.getByLabel("Highest value").fill("5");
  // Refused whole: ranges out of order, said under the field.
  await dialog.getByLabel(/Filter ranges/).fill("2, 1");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Range edges must be numbers in ascending order")).toBeVisible();
  await dialog.getByLabel(/Filter ranges/).fill("1, 2, 3");
  await expectNoSeriousViolations(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Specification added")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.locator(`[data-testid="spec-definition"][data-key="weight_${suffix}"]`)).toContainText("1–1.9 kg, 2–2.9 kg, 3+ kg");
  // Moved by keyboard: the row moves up one place and its button keeps the focus.
  const rows = page.getByTestId("spec-definition");
  const before = await rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-key")));
  await page.getByRole("button", { name: `Move ${label} up` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Order saved")).toBeVisible();
  const at = before.indexOf(`weight_${suffix}`);
  await expect.poll(() => rows.evaluateAll((items) => items.map((item) => item.getAttribute("data-key")))).toEqual([...before.slice(0, at - 1), before[at], before[at - 1], ...before.slice(at + 1)]);
  await expect(page.getByRole("button", { name: `Move ${label} up` })).toBeFocused();

  // The product form asks for it, checks it, and saves it.
  await page.goto("/admin-panel/all-products");
  await page.getByRole("searchbox", { name: "Find products" }).fill(name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Product" });
  await edit.getByText("Specifications", { exact: true }).click();
  await expect(edit.getByLabel("Speaker type")).toHaveValue("Portable");
  await edit.getByLabel(`${label} (kg)`).fill("7");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(edit.getByText(`${label} must be at most 5 kg`)).toBeVisible();
  await expect(edit.getByLabel(`${label} (kg)`)).toBeFocused();
  await edit.getByLabel(`${label} (kg)`).fill("2.5");
  await edit.getByLabel("Output power (W)").fill("20");
  await edit.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Product updated successfully")).toBeVisible();

  await page.goto(`/product/${id}`);
  const table = page.getByTestId("specifications");
  await expect(table.getByRole("row", { name: `${label} 2.5 kg` })).toBeVisible();
  await expect(table.getByRole("row", { name: "Output power 20 W" })).toBeVisible();
  await expect(table.getByRole("row", { name: "Speaker type Portable" })).toBeVisible();
  await expectNoSeriousViolations(page);

  // Retired: gone from the page; the value stays stored, and comes back with it.
  await page.goto("/admin-panel/specifications?category=speakers");
  await page.getByRole("button", { name: `Retire ${label}` }).click();
  await expect(page.getByText("Specification retired")).toBeVisible();
  await expect(page.getByRole("button", { name: `Restore ${label}` })).toBeFocused();
  await page.goto(`/product/${id}`);
  await expect(table.getByRole("row", { name: "Output power 20 W" })).toBeVisible();
  await expect(table.getByRole("row", { name: `${label} 2.5 kg` })).toHaveCount(0);
  const stored = (await (await page.request.get(`/api/admin-products?q=${encodeURIComponent(name)}`)).json()) as { data: { specs: Record<string, unknown> }[] };
  expect(stored.data[0]!.specs[`weight_${suffix}`]).toBe(2.5);
});
