import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe finds no serious or critical violation on the page as it is now. Besides axe's default
 * rules, label-content-name-mismatch (experimental in axe, so off by default): a control's
 * spoken name must contain its visible text, or speech users cannot name it.
 */
export async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
