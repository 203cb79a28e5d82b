import { expect, signInAsDemoAdmin, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { productsInStock, signInFreshShopper } from "./shopper";

// The address book in My Account (a PIN fills in the district and state; a PIN of another state
// is questioned), the product page's "Check delivery" that remembers the PIN, and the admin's
// delivery settings that it follows.

test("@mobile the address book: a PIN fills in the place, another state is questioned, the default moves, an address is deleted", async ({ page }) => {
  await signInFreshShopper(page, "addresses");
  await page.goto("/user-panel/my-account");
  const book = page.getByTestId("address-book");
  await expect(book.getByText("You have no saved addresses yet.")).toBeVisible();
  await book.getByRole("button", { name: "Add an address" }).click();
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByText("Full name is required")).toBeVisible();
  await expect(book.getByLabel("Full name")).toBeFocused();

  await book.getByLabel("Full name").fill("Meera Iyer");
  await book.getByLabel("Mobile number").fill("098450 12345");
  await book.getByLabel("PIN code").fill("560038");
  await expect(book.getByLabel("District")).toHaveValue("Bengaluru");
  await expect(book.getByLabel("State or union territory")).toHaveValue("KA");
  await expect(book.getByLabel("City or town")).not.toHaveValue("");
  await book.getByLabel("House no., building and street").fill("12, 3rd Cross");
  await book.getByLabel("Area, locality or sector").fill("Indiranagar");
  await expectNoSeriousViolations(page);
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByText("Address saved")).toBeVisible();
  const first = book.getByTestId("saved-address").filter({ hasText: "12, 3rd Cross" });
  await expect(first).toContainText("Default");
  await expect(first).toContainText("+91 98450 12345");

  // A second one whose state is changed away from the PIN's: questioned, then corrected.
  await book.getByRole("button", { name: "Add an address" }).click();
  await book.getByLabel("Full name").fill("Meera at work");
  await book.getByLabel("Mobile number").fill("9845012346");
  await book.getByLabel("PIN code").fill("560038");
  await expect(book.getByLabel("State or union territory")).toHaveValue("KA");
  await book.getByLabel("State or union territory").selectOption("KL");
  await book.getByLabel("House no., building and street").fill("Tower B, Embassy Park");
  await book.getByLabel("Area, locality or sector").fill("Domlur");
  await book.getByRole("button", { name: "Save address" }).click();
  await expect(book.getByText("PIN 560038 is in Karnataka. Check the PIN code or the state.")).toBeVisible();
  await book.getByRole("button", { name: "Use Karnataka" }).click();
  await book.getByRole("button", { name: "Save address" }).click();
  const second = book.getByTestId("saved-address").filter({ hasText: "Tower B" });
  await expect(second).toContainText("Karnataka");
  await expect(second).not.toContainText("Default");

  await second.getByRole("button", { name: /^Make .* the default address$/ }).click();
  await expect(book.getByTestId("saved-address").first()).toContainText("Tower B");
  await expect(book.getByTestId("saved-address").first()).toContainText("Default");
  await book.getByRole("button", { name: /^Delete the address of Meera at work/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Address deleted")).toBeVisible();
  await expect(book.getByTestId("saved-address")).toHaveCount(1);
  await expect(book.getByTestId("saved-address")).toContainText("Default");
});

test("@mobile the product page's delivery check gives the dates and cash on delivery, and remembers the PIN", async ({ page }) => {
  const [product] = await productsInStock(page, 1, 1);
  await page.goto(`/product/${product!._id}`);
  const check = page.getByTestId("check-delivery");
  await check.getByLabel("Delivery PIN code").fill("0560");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByTestId("delivery-estimate")).toHaveText("Enter a 6-digit PIN code (the first digit not 0)");
  await check.getByLabel("Delivery PIN code").fill("400001");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check.getByTestId("delivery-estimate")).toContainText(/^Delivery by \w{3} \d{1,2} \w{3}( – \w{3} \d{1,2} \w{3})? · /);
  await expect(check.getByTestId("delivery-estimate")).toContainText("400001");
  await expectNoSeriousViolations(page);
  // The next page checks the remembered PIN by itself.
  await page.reload();
  await expect(check.getByLabel("Delivery PIN code")).toHaveValue("400001");
  await expect(check.getByTestId("delivery-estimate")).toContainText(/^Delivery by /);
});

test("the admin's delivery settings: an area not served is refused on the product page; bad values are refused by field", async ({ page, browser }) => {
  await signInAsDemoAdmin(page);
  await page.goto("/admin-panel/settings");
  const form = page.getByTestId("delivery-settings");
  const notServed = form.getByLabel("PIN codes or prefixes not served");
  const before = await notServed.inputValue();
  await form.getByLabel("Same-day dispatch cut-off").fill("");
  await form.getByRole("button", { name: "Save delivery settings" }).click();
  await expect(form.getByText("Cut-off time must be HH:MM (24-hour, India time)")).toBeVisible();
  await page.reload();
  try {
    await form.getByLabel("PIN codes or prefixes not served").fill([before, "744301"].filter(Boolean).join(", "));
    await form.getByRole("button", { name: "Save delivery settings" }).click();
    await expect(page.getByText("Delivery settings saved")).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent changes" })).toContainText("Areas not served");
    await expectNoSeriousViolations(page);

    const context = await browser.newContext();
    const shopper = await context.newPage();
    const [product] = await productsInStock(shopper, 1, 1);
    await shopper.goto(`/product/${product!._id}`);
    await shopper.getByLabel("Delivery PIN code").fill("744301");
    await shopper.getByRole("button", { name: "Check" }).click();
    await expect(shopper.getByTestId("delivery-estimate")).toHaveText("We don't deliver to 744301 yet");
    await context.close();
  } finally {
    await page.goto("/admin-panel/settings");
    await form.getByLabel("PIN codes or prefixes not served").fill(before);
    await form.getByRole("button", { name: "Save delivery settings" }).click();
    await expect(page.getByText(/Delivery settings saved|Nothing changed/)).toBeVisible();
  }
});
