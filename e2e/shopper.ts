import { expect, type Page } from "@playwright/test";
import { visitorAddress } from "./fixtures";

export const SHOPPER_PASSWORD = "Volt-test-pass-9";

/** A fresh shopper, signed in through the API (the context shares the cookies with the page). */
export async function signInFreshShopper(page: Page, prefix = "cart"): Promise<string> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const created = await page.request.post("/api/signup", {
    headers: visitorAddress(),
    data: { name: "Cart Tester", email, contact: "", password: SHOPPER_PASSWORD, confirmPwd: SHOPPER_PASSWORD, profilepic: "" },
  });
  expect(created.status()).toBe(201);
  const signedIn = await page.request.post("/api/signin", { data: { email, password: SHOPPER_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  return email;
}

export type StockedProduct = { _id: string; productName: string; sellingPrice: number; available: number };

/**
 * `count` products a journey can buy `atLeast` of, newest first: the seed leaves some out of stock
 * or nearly so, and journeys sell units, so products are picked by their `available` count.
 */
export async function productsInStock(page: Page, count: number, atLeast = 10): Promise<StockedProduct[]> {
  const products = (await (await page.request.get("/api/get-product")).json()).data as StockedProduct[];
  const stocked = products.filter((product) => product.available >= atLeast).slice(0, count);
  expect(stocked, `${count} products with ${atLeast}+ available`).toHaveLength(count);
  return stocked;
}

/** The product cards whose 'Add to cart' can be pressed (not out of stock). */
export function buyableCards(page: Page) {
  return page.getByRole("article").filter({ has: page.getByRole("button", { name: /^Add to cart:/, disabled: false }) });
}

/**
 * Leaves the page and signs its context out, before another person signs in in the same browser.
 * Off the old page first: its scripts, still running, would answer the cleared session's 401 by
 * dropping the signed-in hint cookie that the next sign-in has just set.
 */
export async function signOutOfPage(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.context().clearCookies();
}

/** The page's context signed in as the shopper `email` (made with SHOPPER_PASSWORD), after signing out of the page. */
export async function signInAsShopper(page: Page, email: string): Promise<void> {
  await signOutOfPage(page);
  expect((await page.request.post("/api/signin", { data: { email, password: SHOPPER_PASSWORD } })).status()).toBe(200);
}
