import { expect, test as base } from "@playwright/test";

// Every journey runs under the store's Content-Security-Policy and fails on any violation: a
// script, style, image or connection that the policy refused (Chromium reports each one on the
// console), so a new inline script or a new third-party origin cannot slip in unnoticed.
let clients = 0;

// Each test is a visitor of its own: the test server trusts one proxy hop (TRUSTED_PROXY_HOPS=1
// in playwright.config.ts), and each test's requests carry their own X-Forwarded-For, so the
// per-address limits count each test apart, as they count real visitors apart.
export const test = base.extend<{ cspViolations: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    clients += 1;
    await use({ ...extraHTTPHeaders, "x-forwarded-for": `198.18.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}` });
  },
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
