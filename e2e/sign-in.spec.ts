import { expect, test } from "./fixtures";
import { DEMO_GUEST } from "../lib/accounts/demo-accounts";

test("a visitor signs in with the prefilled guest account and sees the signed-in header @mobile", async ({ page }) => {
  await page.goto("/");
  const header = page.locator("header");
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
  await header.getByRole("link", { name: "Sign In" }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(DEMO_GUEST.email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(DEMO_GUEST.password);

  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");

  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("Login successfully")).toBeVisible();
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  // The session survives a reload: it lives in the cookie, not in page state.
  await page.reload();
  await expect(header.getByRole("button", { name: "Logout" })).toBeVisible();

  await header.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged out successfully")).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("a wrong password shows the server's message and stays signed out", async ({ page }) => {
  await page.goto("/signin");
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);
});

test("the home page is server-rendered from the seeded catalogue", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Trending Phones");
  expect(html).toContain("Apple AirPods Pro (2nd generation) with MagSafe Case");
});

test("an unknown page is a real 404", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
