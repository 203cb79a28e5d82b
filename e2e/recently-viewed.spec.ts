import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";

// Recently viewed (issue 40): the products this browser opened, newest first, kept in the browser;
// the product on screen is not in its own page's row.

test("@mobile the home and product pages show the products viewed last, newest first, not the one on screen", async ({ page, context }) => {
  const answer = (await (await page.request.get("/api/get-category-wise-product/speakers?limit=3")).json()) as { product: { _id: string; productName: string }[] };
  const [first, second] = answer.product;
  expect(second).toBeDefined();
  const row = page.getByRole("region", { name: "Recently viewed" });

  await page.goto(`/product/${first!._id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(first!.productName);
  // The only product viewed is the one on screen: no row.
  await expect(page.getByRole("region", { name: "Related Products" })).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.goto(`/product/${second!._id}`);
  await expect(row.getByRole("heading", { name: first!.productName })).toBeVisible();
  await expect(row.getByRole("heading", { name: second!.productName })).toHaveCount(0);

  await page.goto("/");
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole("article")).toHaveCount(2);
  await expect(row.getByRole("heading", { level: 3 })).toHaveText([second!.productName, first!.productName]);
  await expectNoSeriousViolations(page);

  // Another visitor (a fresh browser context) has seen nothing.
  const stranger = await context.browser()!.newPage();
  await stranger.goto("http://localhost:" + new URL(page.url()).port + "/");
  await expect(stranger.getByRole("heading", { name: "Trending Phones" })).toBeVisible();
  await expect(stranger.getByRole("region", { name: "Recently viewed" })).toHaveCount(0);
  await stranger.close();
});
