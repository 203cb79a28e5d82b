import { expect, test } from "./fixtures";
import { expectNoSeriousViolations } from "./axe";
import { buyableCards, productsInStock, signInFreshShopper } from "./shopper";

// Wishlist and cart journeys: the signed-out redirect, hearts and 'Add to cart' from the home
// page with the header counts, quantities and removal on the cart page with the summary right,
// and a refused change rolled back.

const rupees = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test("a signed-out visitor pressing a heart or 'Add to cart' is sent to sign in", async ({ page }) => {
  await page.goto("/");
  const card = page.getByRole("article").first();
  await card.getByRole("button", { name: /to wishlist$/ }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText("Please log in first.")).toBeVisible();

  await page.goto("/");
  await buyableCards(page).first().getByRole("button", { name: /^Add to cart:/ }).click();
  await expect(page).toHaveURL(/\/signin$/);
});

test("hearts and 'Add to cart' on the home page update the header counts; the wishlist page lists them", async ({ page }) => {
  await signInFreshShopper(page);
  await page.goto("/");
  const header = page.locator("header");
  await expect(header.getByTestId("wishlist-count")).toHaveText("0");
  await expect(header.getByTestId("cart-count")).toHaveText("0");

  const first = buyableCards(page).first();
  const firstName = (await first.getByRole("heading").textContent())!;
  await first.getByRole("button", { name: `Add ${firstName} to wishlist` }).click();
  await expect(first.getByRole("button", { name: `Remove ${firstName} from wishlist` })).toHaveAttribute("aria-pressed", "true");
  await expect(header.getByTestId("wishlist-count")).toHaveText("1");

  await first.getByRole("button", { name: /^Add to cart:/ }).click();
  await expect(page.getByText("Product added to cart")).toBeVisible();
  await expect(header.getByTestId("cart-count")).toHaveText("1");
  await first.getByRole("button", { name: /^Add to cart:/ }).click();
  await expect(page.getByText("Product already in cart: quantity raised to 2")).toBeVisible();
  await expect(header.getByTestId("cart-count")).toHaveText("1");
  await buyableCards(page).nth(1).getByRole("button", { name: /^Add to cart:/ }).click();
  await expect(header.getByTestId("cart-count")).toHaveText("2");

  await header.getByRole("link", { name: /^Wishlist:/ }).click();
  await expect(page).toHaveURL(/\/user-panel\/wishlist$/);
  const main = page.locator("main");
  await expect(main.getByTestId("wishlist-total")).toHaveText("Total Wishlist Product : 1");
  await expect(main.getByRole("heading", { name: firstName })).toBeVisible();
  await main.getByRole("button", { name: `Remove ${firstName} from wishlist` }).click();
  await expect(main.getByTestId("wishlist-total")).toHaveText("Total Wishlist Product : 0");
  await expect(main.getByText("Your wishlist is empty.")).toBeVisible();
  await expect(header.getByTestId("wishlist-count")).toHaveText("0");
});

test("the cart page changes quantities at once, keeps the summary right and removes lines", async ({ page }) => {
  await signInFreshShopper(page);
  const products = await productsInStock(page, 2);
  for (const product of [products[0]!, products[0]!, products[1]!]) {
    expect((await page.request.post("/api/add-to-cart", { data: { productId: product._id } })).ok()).toBe(true);
  }

  await page.goto("/user-panel/cart");
  await expect(page.getByRole("heading", { name: "My Cart" })).toBeVisible();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(2);
  const [a, b] = [products[0]!, products[1]!];
  const expectSummary = async (quantityA: number, quantityB: number) => {
    await expect(page.getByTestId("cart-quantity")).toHaveText(String(quantityA + quantityB));
    const total = rupees((await page.getByTestId("cart-total").textContent())!);
    expect(total).toBeCloseTo(quantityA * a.sellingPrice + quantityB * b.sellingPrice, 2);
  };
  await expectSummary(2, 1);

  await page.getByRole("button", { name: `Increase quantity of ${a.productName}` }).click();
  await expect(lines.filter({ hasText: a.productName }).getByTestId("line-quantity")).toHaveText("3");
  await expectSummary(3, 1);

  // Minus below 1 is ignored.
  await page.getByRole("button", { name: `Decrease quantity of ${b.productName}` }).click();
  await expect(lines.filter({ hasText: b.productName }).getByTestId("line-quantity")).toHaveText("1");
  await expectSummary(3, 1);

  await page.getByRole("button", { name: `Decrease quantity of ${a.productName}` }).click();
  await expectSummary(2, 1);

  // The server kept what the page shows.
  await page.reload();
  await expect(lines.filter({ hasText: a.productName }).getByTestId("line-quantity")).toHaveText("2");

  await page.getByRole("button", { name: `Remove ${b.productName} from cart` }).click();
  await expect(page.getByText("Product removed from cart")).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expectSummary(2, 0);
  await expect(page.locator("header").getByTestId("cart-count")).toHaveText("1");

  await page.getByRole("button", { name: `Remove ${a.productName} from cart` }).click();
  await expect(page.getByText("Your cart is empty.")).toBeVisible();
});

test("a change the server refuses rolls back with its message", async ({ page }) => {
  await signInFreshShopper(page);
  const [product] = await productsInStock(page, 1);
  await page.request.post("/api/add-to-cart", { data: { productId: product!._id } });
  await page.goto("/user-panel/cart");
  const quantity = page.getByTestId("line-quantity");
  await expect(quantity).toHaveText("1");

  await page.route("**/api/update-cart-quantity", (route) =>
    route.fulfill({ status: 400, contentType: "application/json", body: JSON.stringify({ success: false, error: true, message: "Refused by the test" }) }),
  );
  await page.getByRole("button", { name: `Increase quantity of ${product!.productName}` }).click();
  await expect(page.getByText("Refused by the test")).toBeVisible();
  await expect(quantity).toHaveText("1");
  await expect(page.getByTestId("cart-quantity")).toHaveText("1");
});

test("the account and shop pages have no serious accessibility violation", async ({ page }) => {
  for (const path of ["/signup", "/forgot-password"]) {
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    await expectNoSeriousViolations(page);
  }
  await signInFreshShopper(page);
  const [product] = await productsInStock(page, 1);
  await page.request.post("/api/add-to-cart", { data: { productId: product!._id } });
  await page.request.post("/api/add-to-wishlist", { data: { productId: product!._id } });
  for (const [path, ready] of [
    ["/user-panel/my-account", page.getByRole("button", { name: "Edit profile" })],
    ["/user-panel/cart", page.getByTestId("cart-line")],
    ["/user-panel/wishlist", page.locator("main").getByRole("article")],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await expectNoSeriousViolations(page);
  }
  await page.getByRole("link", { name: "Profile" }).click();
  await page.getByRole("button", { name: "Edit profile" }).click();
  await expect(page.getByRole("dialog", { name: "Edit Profile" })).toBeVisible();
  await expectNoSeriousViolations(page);
});
