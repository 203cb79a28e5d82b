import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * axe finds no serious or critical violation on the page as it is once its transitions have ended. Besides axe's default
 * rules, label-content-name-mismatch (experimental in axe, so off by default): a control's
 * spoken name must contain its visible text, or speech users cannot name it.
 */
export async function expectNoSeriousViolations(page: Page) {
  // Transitions first: a toast fading in (sonner's 400 ms) is part transparent, and axe would
  // measure the contrast of its blend with the page. Endless ones (skeletons, spinners) are left.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
  );
  const results = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}
