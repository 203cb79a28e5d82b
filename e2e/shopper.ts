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
