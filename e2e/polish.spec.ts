import type { Page, Request, Route } from "@playwright/test";
import { DEMO_GUEST } from "../lib/accounts/demo-accounts";
import { expectNoSeriousViolations } from "./axe";
import { expect, signInAsDemoAdmin, test } from "./fixtures";
import { buyableCards } from "./shopper";

// The loading, error and focus states of the storefront: a product page's skeleton while it is on
// its way, an admin's cart button, a script chunk that does not load, and where focus lands.

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds Next's navigation requests for product pages (RSC payloads and prefetches) for `ms`. */
async function slowProductNavigation(page: Page, ms: number) {
  await page.route(/\/product\/[^/?]+/, async (route: Route) => {
    if (route.request().headers()["rsc"]) await pause(ms);
    await route.continue().catch(() => undefined);
  });
}

/** What Next's route announcer (an aria-live region) last said. */
const announcement = (page: Page) => page.evaluate(() => document.querySelector("next-route-announcer")?.shadowRoot?.querySelector("[aria-live]")?.textContent ?? "");

test("@mobile a product link on a slow network shows the product page's skeleton with 4 thumbnails, then the page, announced", async ({ page }, testInfo) => {
  await page.goto("/");
  const card = page.getByTestId("product-row").first().locator("article").first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  await slowProductNavigation(page, 3000);
  await card.getByRole("link").first().click();

  const skeleton = page.getByTestId("product-skeleton");
  await expect(skeleton).toBeVisible({ timeout: 1000 });
  await expect(skeleton.getByTestId("product-thumb-skeleton")).toHaveCount(4);
  // The clicked link is hidden with its page: focus moves to the skeleton's status.
  await expect(skeleton).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: "Loading product…" })).toBeAttached();
  // Nothing of the page it left is still on show.
  await expect(page.getByTestId("product-row").first()).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath(`product-skeleton-${testInfo.project.name}.png`) });
  await expectNoSeriousViolations(page);

  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 10_000 });
  await expect(skeleton).toHaveCount(0);
  await expect(page).toHaveURL(/\/product\/[^/]+$/);
  await expect.poll(() => announcement(page)).toContain(name);
});

test("a prefetched product page opens without flashing the skeleton", async ({ page }) => {
  await page.goto("/");
  const link = page.getByTestId("product-row").first().locator("article").first().getByRole("link").first();
  // The prefetch may be several requests (the route's tree, its layout's and its page's segments):
  // every one of them must be in before the click, else the skeleton showing is right.
  const isPrefetch = (request: Request) => /\/product\//.test(request.url()) && request.headers()["rsc"] !== undefined;
  let started = 0;
  const pending = new Set<Request>();
  page.on("request", (request) => {
    if (!isPrefetch(request)) return;
    started += 1;
    pending.add(request);
  });
  const done = (request: Request) => pending.delete(request);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  await link.hover();
  await expect.poll(() => started > 0 && pending.size === 0, { timeout: 10_000 }).toBe(true);
  // A segment asked for after the first ones came back: wait for it too.
  await pause(300);
  await expect.poll(() => pending.size, { timeout: 10_000 }).toBe(0);
  // Watches for the skeleton from before the click until the page is there.
  const seen = page.evaluate(
    () =>
      new Promise<{ shown: number; hidden: number; frames: number }>((resolve) => {
        let shown = 0;
        let frames = 0;
        const observer = new MutationObserver(() => {
          const skeleton = document.querySelector('[data-testid="product-skeleton"]');
          if (skeleton && !shown) {
            shown = performance.now();
            const count = () => {
              if (!document.querySelector('[data-testid="product-skeleton"]')) return;
              frames += 1;
              requestAnimationFrame(count);
            };
            requestAnimationFrame(count);
          }
          if (document.querySelector("main h1") && !skeleton) resolve({ shown, hidden: performance.now(), frames });
        });
        observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      }),
  );
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const result = await seen;
  expect(result.shown, `the skeleton showed for ${Math.round(result.hidden - result.shown)} ms (${result.frames} frames)`).toBe(0);
});

test("@mobile an admin's 'Add to cart' leads to a sign-in page that stays, where a shopper account signs in", async ({ page }) => {
  await signInAsDemoAdmin(page);
  await page.goto("/");
  await buyableCards(page).first().getByRole("button", { name: /^Add to cart: / }).click();
  await expect(page.getByText("Please log in first.")).toBeVisible();
  await expect(page).toHaveURL(/\/signin\?account=shopper$/);
  await expect(page.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("Sign in with a shopper account");
  await expectNoSeriousViolations(page);
  // The address stays on a reload too (proxy.ts lets the signed-in admin stay for this).
  await page.reload();
  await expect(page).toHaveURL(/\/signin\?account=shopper$/);

  await page.getByLabel("Email", { exact: true }).fill(DEMO_GUEST.email);
  await page.getByLabel("Password", { exact: true }).filter({ visible: true }).fill(DEMO_GUEST.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/$/);
  await buyableCards(page).first().getByRole("button", { name: /^Add to cart: / }).click();
  await expect(page.getByText(/^(Product added to cart|Product already in cart: quantity raised to \d+)$/)).toBeVisible();
  // The admin's session ended when the shopper's began.
  const me = await page.request.get("/api/user-details");
  expect((await me.json()).data.email).toBe(DEMO_GUEST.email);
});

test("@mobile a script chunk that does not load shows 'Loading chunk {id} failed' and a reload that recovers", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("product-row").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  // From here on, no new script chunk arrives (a deploy removed it, the network dropped it).
  await page.route("**/_next/static/chunks/**", (route) => route.abort("failed"));
  await page.getByTestId("product-row").first().locator("article").first().getByRole("link").first().click();
  const heading = page.getByRole("heading", { level: 1, name: /^Loading chunk \S+ failed$/ });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("alert").filter({ hasText: "Reload the page" })).toBeVisible();
  await page.unroute("**/_next/static/chunks/**");
  await page.getByRole("button", { name: "Reload the page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^Loading chunk/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the phone header's search icon opens the search with its field focused", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await page.getByRole("link", { name: "Search products" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.locator("#page-search")).toBeFocused();
  await page.keyboard.type("sam");
  await expect(page).toHaveURL(/\/search\?q=sam$/);
});
