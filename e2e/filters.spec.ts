import { expect, test, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";

// Filters (issue 39): the category page narrows by brand, price and a specification, each option
// with the products it would show; the selection is the address (back, forward, shared), the active
// filters are chips; on a phone the filters are a drawer used by keyboard alone.

type Answer = { total: number; data: { sellingPrice: number; brandName: string }[]; facets: { specs: { key: string; options: { value: string; label: string; count: number }[] }[] } };

async function answer(page: Page, query: string): Promise<Answer> {
  const response = await page.request.get(`/api/filter-products?${query}&limit=100`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Answer;
}

const results = (page: Page) => page.getByTestId("results-count").filter({ visible: true });
/** The option's count as its label shows it: "Samsung (2)" → 2. */
async function shownCount(page: Page, name: RegExp): Promise<number> {
  const label = page.locator("label").filter({ has: page.getByRole("checkbox", { name }) });
  return Number(/\((\d+)\)\s*$/.exec((await label.textContent()) ?? "")?.[1] ?? NaN);
}

test("a shopper narrows the mobiles by brand, price and RAM: counts, the address, back and forward, a shared address, chips", async ({ page, context }) => {
  await page.goto("/category-product?category=mobiles");
  await expect(results(page)).toHaveText(/^Results : \d+$/);
  const everything = await answer(page, "category=mobiles");
  await expect(results(page)).toHaveText(`Results : ${everything.total}`);

  // Brand: the option says how many it shows, and shows that many.
  const samsung = page.getByRole("checkbox", { name: /^Samsung/ });
  const samsungCount = await shownCount(page, /^Samsung/);
  const samsungs = await answer(page, "category=mobiles&brand=Samsung");
  expect(samsungCount).toBe(samsungs.total);
  expect(samsungCount).toBeGreaterThan(1);
  // By keyboard: the box keeps the focus across the new page.
  await samsung.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\/category-product\?category=mobiles&brand=Samsung$/);
  await expect(results(page)).toHaveText(`Results : ${samsungCount}`);
  await expect(samsung).toBeChecked();
  await expect(samsung).toBeFocused();
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("button", { name: /^Samsung/ })).toBeVisible();

  // Price: a typed highest price one rupee under the dearest Samsung leaves it out.
  const dearest = Math.max(...samsungs.data.map((product) => product.sellingPrice));
  const max = page.getByLabel("Max ₹").filter({ visible: true });
  await max.fill(String(dearest - 1));
  await max.press("Enter");
  await expect(page).toHaveURL(new RegExp(`brand=Samsung&price=-${dearest - 1}$`));
  const cheaper = await answer(page, `category=mobiles&brand=Samsung&price=-${dearest - 1}`);
  expect(cheaper.total).toBe(samsungCount - samsungs.data.filter((product) => product.sellingPrice === dearest).length);
  await expect(results(page)).toHaveText(`Results : ${cheaper.total}`);
  await expect(page.getByRole("list", { name: "Active filters" }).getByRole("button", { name: new RegExp(`^Under ₹`) })).toBeVisible();

  // RAM: an option that would show nothing is disabled, not hidden; one that shows some is ticked.
  const ram = cheaper.facets.specs.find((facet) => facet.key === "ram_gb")!;
  const some = ram.options.find((option) => option.count > 0)!;
  const none = ram.options.find((option) => option.count === 0);
  const ramBox = (label: string) => page.getByRole("group", { name: "RAM (GB)" }).getByRole("checkbox", { name: new RegExp(`^${label}`) });
  if (none) await expect(ramBox(none.label)).toBeDisabled();
  await expect(ramBox(some.label)).toBeEnabled();
  await ramBox(some.label).click();
  await expect(ramBox(some.label)).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`price=-${dearest - 1}&ram_gb=${some.value}$`));
  await expect(results(page)).toHaveText(`Results : ${some.count}`);
  await expectNoSeriousViolations(page);
  const shared = page.url();

  // Back and forward walk the selections.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`price=-${dearest - 1}$`));
  await expect(results(page)).toHaveText(`Results : ${cheaper.total}`);
  await expect(ramBox(some.label)).not.toBeChecked();
  await page.goForward();
  await expect(page).toHaveURL(shared);
  await expect(ramBox(some.label)).toBeChecked();

  // The address shared: a new page shows the same selection, rendered by the server.
  const other = await context.newPage();
  await other.goto(shared);
  await expect(results(other)).toHaveText(`Results : ${some.count}`);
  await expect(other.getByRole("checkbox", { name: /^Samsung/ })).toBeChecked();
  await other.close();

  // Chips: one removed, then all.
  await page.getByRole("list", { name: "Active filters" }).getByRole("button", { name: /^Samsung/ }).click();
  await expect(page).toHaveURL(new RegExp(`\\?category=mobiles&price=-${dearest - 1}&ram_gb=${some.value}$`));
  await page.getByRole("button", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\?category=mobiles$/);
  await expect(results(page)).toHaveText(`Results : ${everything.total}`);
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
});

test("a filtered address is spelled one way: unknown filters are dropped, and more than one filter is kept out of search engines", async ({ page }) => {
  await page.goto("/category-product?brand=Samsung&category=mobiles&no_such_filter=1&brand=No%20such%20brand&sort=newest&utm_source=mail");
  await expect(page).toHaveURL(/\/category-product\?category=mobiles&brand=Samsung$/);
  await expect(page).toHaveTitle(/^Mobiles: Samsung/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/category-product\?category=mobiles&brand=Samsung$/);
  await page.goto("/category-product?category=mobiles&brand=Samsung&stock=1");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("@mobile on a phone the filters are a drawer: opened, used and closed by keyboard, focus kept inside", async ({ page }, testInfo) => {
  await page.goto("/category-product?category=mobiles");
  const opener = page.getByRole("button", { name: /^Filters/ });
  if (testInfo.project.name !== "mobile") {
    // A wide screen shows the filters beside the grid, no drawer.
    await expect(opener).toBeHidden();
    await expect(page.getByRole("checkbox", { name: /^Samsung/ })).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    return;
  }
  await expect(opener).toHaveAccessibleName("Filters");
  await expect(page.getByRole("checkbox", { name: /^Samsung/ })).toBeHidden();
  await opener.focus();
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Filters" });
  await expect(drawer).toBeVisible();
  const close = drawer.getByRole("button", { name: "Close" });
  await expect(close).toBeFocused();
  // Focus stays inside: back from the first control is the last one, and on again is the first.
  await page.keyboard.press("Shift+Tab");
  await expect(drawer.getByRole("button", { name: /^Show \d+ products?$/ })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await expectNoSeriousViolations(page);

  const samsung = drawer.getByRole("checkbox", { name: /^Samsung/ });
  const count = await shownCount(page, /^Samsung/);
  await samsung.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/\?category=mobiles&brand=Samsung$/);
  // The drawer stays open on the new selection, the box focused, its answer counted.
  await expect(drawer).toBeVisible();
  await expect(samsung).toBeChecked();
  await expect(samsung).toBeFocused();
  await expect(drawer.getByRole("button", { name: `Show ${count} products` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(opener).toHaveAccessibleName("Filters (1)");
  await expect(opener).toBeFocused();
  await expect(results(page)).toHaveText(`Results : ${count}`);
  await page.screenshot({ path: testInfo.outputPath("filters-phone.png") });
});

test("@mobile search results narrow by brand and price too, in their address", async ({ page }, testInfo) => {
  const found = (await (await page.request.get("/api/search-product?q=samsung")).json()) as { data: { brandName: string; sellingPrice: number }[] };
  const prices = found.data.map((product) => product.sellingPrice).sort((a, b) => a - b);
  expect(prices.length).toBeGreaterThan(2);
  const under = prices[Math.floor(prices.length / 2)]!;
  await page.goto("/search?q=samsung");
  await expect(page.getByRole("heading", { name: `Search Results: ${prices.length}` })).toBeVisible();
  if (testInfo.project.name === "mobile") await page.getByRole("button", { name: /^Filters/ }).click();
  const max = page.getByLabel("Max ₹").filter({ visible: true });
  await max.fill(String(under));
  await max.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/search\\?q=samsung&price=-${under}$`));
  const expected = prices.filter((price) => price <= under).length;
  await expect(page.getByRole("heading", { name: `Search Results: ${expected}` })).toBeAttached();
  if (testInfo.project.name === "mobile") await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: `Search Results: ${expected}` })).toBeVisible();
  await expectNoSeriousViolations(page);
  await page.reload();
  await expect(page.getByRole("heading", { name: `Search Results: ${expected}` })).toBeVisible();
});
