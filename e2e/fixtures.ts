import { expect, test as base, type Cookie, type Page } from "@playwright/test";
import { DEMO_ADMIN } from "../lib/accounts/demo-accounts";
import { SIGNED_IN_HINT_COOKIE } from "../lib/accounts/session-cookie";

// Every journey runs under the store's Content-Security-Policy and fails on any violation: a
// script, style, image or connection that the policy refused (Chromium reports each one on the
// console), so a new inline script or a new third-party origin cannot slip in unnoticed.
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
      });
      await use(violations);
      expect(violations, "CSP violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Locator, Page } from "@playwright/test";

let clients = 0;

/**
 * An address of its own for a visitor that the tests make through the API (sign-ups): the test
 * server trusts one proxy hop (playwright.config.ts), so the per-address limits count these
 * visitors apart, as they would count real ones. The browser's own requests come from 127.0.0.1.
 */
export function visitorAddress(): Record<string, string> {
  clients += 1;
  return { "x-forwarded-for": `198.18.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}` };
}

/** The demo admin's session cookie and the signed-in hint beside it, once this worker has signed in. */
let adminCookies: Cookie[] = [];

/**
 * Signs the page's context in as the demo admin. The store counts sign-ins per account, successes
 * included (30 in a 15-minute window), and the journeys together need the admin more often than
 * that: the first sign-in's session is kept for this worker and given to later contexts, once a
 * read shows it still works (a journey that signed it out gets a new one). Both of the sign-in's
 * cookies are kept: without the signed-in hint (SIGNED_IN_HINT_COOKIE) the header does not ask
 * who is signed in and shows Sign In.
 */
export async function signInAsDemoAdmin(page: Page): Promise<void> {
  if (adminCookies.length) {
    await page.context().addCookies(adminCookies);
    if ((await page.request.get("/api/user-details")).ok()) return;
    for (const { name } of adminCookies) await page.context().clearCookies({ name });
  }
  const answer = await page.request.post("/api/signin", { data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
  expect(answer.status()).toBe(200);
  adminCookies = (await page.context().cookies()).filter((cookie) => /next-auth\.session-token$/.test(cookie.name) || cookie.name === SIGNED_IN_HINT_COOKIE);
  expect(adminCookies).toHaveLength(2);
}
