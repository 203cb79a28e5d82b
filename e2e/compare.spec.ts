import { expect, test, type Page } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { signInFreshShopper } from "./shopper";

// Comparison (issue 39): three phones chosen from their page and a card, the compare bar, a
// product of another category refused, the compare page with its best values and "Show only
// differences", adding to the cart from the table, and at 390 px the row labels kept in view.

/** The page's address ends with this path and query (its characters taken literally). */
const at = (path: string) => new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

type Listed = { _id: string; productName: string; category: string; sellingPrice: number; available: number; archived: boolean };
type Detailed = Listed & { specs?: Record<string, unknown> };

/**
 * Seeded phones to compare (prisma/catalogue-specs.ts): every one has 5G (a row with one value for
 * all), and their RAM differs. Products that other journeys add to the category have no values,
 * so those without RAM are passed over; so are those nearly sold out.
 */
async function phonesToCompare(page: Page): Promise<Detailed[]> {
  const listed = ((await (await page.request.get("/api/get-category-wise-product/mobiles")).json()) as { product: Listed[] }).product;
  const phones: Detailed[] = [];
  for (const phone of listed.filter((product) => product.available >= 3 && !product.archived)) {
    const detailed = ((await (await page.request.get(`/api/get-single-product-details/${phone._id}`)).json()) as { product: Detailed }).product;
    if (detailed.specs?.five_g === true && typeof detailed.specs.ram_gb === "number") phones.push(detailed);
  }
  expect(phones.length, "seeded phones with their specifications").toBeGreaterThanOrEqual(4);
  return phones;
}

test("@mobile three phones compared: the bar, a refusal, best values, only differences, add to cart from the table", async ({ page }, testInfo) => {
  await signInFreshShopper(page, "compare");
  const phones = await phonesToCompare(page);
  const [first, second] = [phones[0]!, phones[1]!];
  // The page's own buttons (the compare bar has a remove button of the same name for each product).
  const main = page.locator("main");

  // The first from its page.
  await page.goto(`/product/${first._id}`);
  await main.getByRole("button", { name: `Compare ${first.productName}` }).click();
  await expect(main.getByRole("button", { name: `Compare ${first.productName}` })).toHaveAttribute("aria-pressed", "true");
  const bar = page.getByRole("region", { name: "Compare products" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("listitem")).toHaveCount(1);
  // One product: nothing to compare yet, and the bar says so.
  await expect(bar.getByRole("button", { name: "Compare (1)" })).toBeDisabled();
  await expect(bar.getByText("Choose one more to compare")).toBeVisible();

  // The second from its page; the third from a card of the first's related products.
  await page.goto(`/product/${second._id}`);
  await main.getByRole("button", { name: `Compare ${second.productName}` }).click();
  await page.goto(`/product/${first._id}`);
  const related = page.locator("#related-products").locator("..");
  let third: Detailed | undefined;
  for (const phone of phones.slice(2)) {
    if ((await related.getByRole("heading", { name: phone.productName, exact: true }).count()) > 0) {
      third = phone;
      break;
    }
  }
  expect(third, "a chosen phone among the related products").toBeDefined();
  const card = related.getByRole("article").filter({ has: page.getByRole("heading", { name: third!.productName, exact: true }) });
  await card.getByRole("button", { name: `Compare ${third!.productName}` }).click();
  await expect(card.getByRole("button", { name: `Compare ${third!.productName}` })).toHaveAttribute("aria-pressed", "true");
  await expect(bar.getByRole("link", { name: "Compare (3)" })).toBeVisible();
  await expect(bar.getByRole("listitem")).toHaveCount(3);
  await expectNoSeriousViolations(page);

  // Another category is refused, with the reason; the list stays as it was, across a reload and in another tab.
  const tv = ((await (await page.request.get("/api/get-category-wise-product/television")).json()) as { product: Listed[] }).product[0]!;
  await page.goto(`/product/${tv._id}`);
  await main.getByRole("button", { name: `Compare ${tv.productName}` }).click();
  await expect(page.locator("[data-sonner-toast]").getByText(/You can compare products of one category: remove the Mobiles products first/)).toBeVisible();
  await expect(main.getByRole("button", { name: `Compare ${tv.productName}` })).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  await expect(bar.getByRole("link", { name: "Compare (3)" })).toBeVisible();
  const other = await page.context().newPage();
  await other.goto("/contact");
  const otherBar = other.getByRole("region", { name: "Compare products" });
  await expect(otherBar.getByRole("listitem")).toHaveCount(3);
  await bar.getByRole("button", { name: `Remove ${second.productName} from compare` }).click();
  await expect(otherBar.getByRole("listitem")).toHaveCount(2);
  await other.close();
  await page.goto(`/product/${second._id}`);
  await main.getByRole("button", { name: `Compare ${second.productName}` }).click();

  // The compare page, by the bar's link: the phones in the order chosen (the second now last).
  const chosen = [first, third!, second];
  await bar.getByRole("link", { name: "Compare (3)" }).click();
  await expect(page).toHaveURL(at(`/compare?ids=${chosen.map((phone) => phone._id).join(",")}`));
  await expect(page.getByRole("heading", { level: 1, name: "Compare Mobiles" })).toBeVisible();
  await expect(page).toHaveTitle(/^Compare .+ vs .+ vs .+ \| Volt Electronics$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(bar).toHaveCount(0);
  const columns = page.getByTestId("compare-column");
  await expect(columns).toHaveCount(3);
  for (const [index, phone] of chosen.entries()) await expect(columns.nth(index).getByRole("link", { name: phone.productName })).toBeVisible();

  // RAM: the most is marked best (ties all), in words for screen readers too; the lowest price likewise.
  const ram = chosen.map((phone) => phone.specs!.ram_gb as number);
  const mostRam = Math.max(...ram);
  const ramRow = page.locator('[data-testid="compare-row"][data-key="ram_gb"]');
  const ramBest = ram.every((value) => value === mostRam) ? [] : ram.flatMap((value, index) => (value === mostRam ? [index] : []));
  await expect(ramRow.locator("td[data-best]")).toHaveCount(ramBest.length);
  for (const index of ramBest) await expect(ramRow.locator("td").nth(index)).toContainText(`${mostRam} GB (best)`);
  const prices = chosen.map((phone) => phone.sellingPrice);
  const cheapest = prices.flatMap((price, index) => (price === Math.min(...prices) ? [index] : []));
  const priceRow = page.locator('[data-testid="compare-row"][data-key="price"]');
  if (cheapest.length < prices.length) for (const index of cheapest) await expect(priceRow.locator("td").nth(index)).toHaveAttribute("data-best", "true");
  await expectNoSeriousViolations(page);
  await page.screenshot({ path: testInfo.outputPath("compare.png"), fullPage: true });

  // Only differences: 5G (Yes for all three) goes, RAM stays; unticked, 5G is back.
  const fiveG = page.locator('[data-testid="compare-row"][data-key="five_g"]');
  await expect(fiveG).toBeVisible();
  await expect(fiveG.locator("td")).toHaveText(["Yes", "Yes", "Yes"]);
  const onlyDifferences = page.getByRole("checkbox", { name: "Show only differences" });
  await onlyDifferences.check();
  await expect(fiveG).toBeHidden();
  await expect(ramRow).toBeVisible();
  await onlyDifferences.uncheck();
  await expect(fiveG).toBeVisible();

  if (testInfo.project.name === "mobile") {
    // The table scrolls inside its frame; the labels' column stays at its left edge.
    const scroller = page.getByTestId("compare-scroller");
    const label = ramRow.getByRole("rowheader", { name: "RAM" });
    await label.scrollIntoViewIfNeeded();
    const before = (await label.boundingBox())!;
    await scroller.evaluate((element) => (element.scrollLeft = element.scrollWidth));
    await expect.poll(() => scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    const after = (await label.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(1);
    await expect(label).toBeInViewport();
    await expect(ramRow.locator("td").nth(2)).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath("compare-scrolled.png") });
  }

  // Add to cart from the table, signed in.
  await page.getByRole("button", { name: `Add to cart: ${first.productName}` }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Product added to cart")).toBeVisible();
  const me = ((await (await page.request.get("/api/user-details")).json()) as { data: { _id: string } }).data;
  const cart = ((await (await page.request.get(`/api/count-cart-product/${me._id}`)).json()) as { data: { productId: { _id: string } | null }[] }).data;
  expect(cart.map((line) => line.productId?._id)).toEqual([first._id]);

  // Removed from the table: off the address and the list.
  await page.getByRole("button", { name: `Remove ${third!.productName} from compare` }).click();
  await expect(page).toHaveURL(at(`/compare?ids=${first._id},${second._id}`));
  await expect(columns).toHaveCount(2);
  await page.goto("/contact");
  await expect(bar.getByRole("listitem")).toHaveCount(2);
});

test("@mobile the compare page checks its address: malformed and unknown ids dropped, one category kept, nothing left an empty page", async ({ page }) => {
  const phones = await phonesToCompare(page);
  const tv = ((await (await page.request.get("/api/get-category-wise-product/television")).json()) as { product: Listed[] }).product[0]!;
  const unknown = "00000000-0000-4000-8000-000000000000";

  await page.goto(`/compare?ids=${phones[0]!._id},not-an-id,${tv._id},${unknown},${phones[1]!._id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Compare Mobiles" })).toBeVisible();
  await expect(page.getByTestId("compare-column")).toHaveCount(2);
  const notes = page.getByTestId("compare-notes");
  await expect(notes).toContainText("1 product of another category was left out");
  await expect(notes).toContainText("2 products in the address are not available to compare");
  await expectNoSeriousViolations(page);

  await page.goto(`/compare?ids=not-an-id,${unknown}`);
  await expect(page.getByTestId("compare-empty")).toContainText("Nothing to compare yet");
  await expect(page.getByRole("link", { name: "Browse the categories" })).toHaveAttribute("href", "/category-product");
  await expectNoSeriousViolations(page);
});
