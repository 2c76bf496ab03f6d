/** Accessibility check with axe-core against WCAG 2.0 / 2.1 A and AA. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** Runs axe on the whole page and fails with a readable list of every violation and where it is. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} [${v.nodes.length} node(s)]\n    ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(" "))
        .join("\n    ")}`,
  );
  expect(summary, `axe violations on ${page.url()}:\n${summary.join("\n")}`).toEqual([]);
}
