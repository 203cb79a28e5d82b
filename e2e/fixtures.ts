import { expect, test as base } from "@playwright/test";

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
