/** axe-core in a casino page: its source is evaluated in the page and its serious and critical findings returned. */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
let source: Promise<string> | undefined;

/** One finding as the tests print it: rule, impact, what it says and the elements it names. */
export type AxeFinding = { rule: string; impact: string; help: string; targets: string[] };

/** Findings of `rule` on elements inside `within` (a CSS selector) that a caller sets aside. */
export type SetAside = { rule: string; within: string };

/** axe-core's minified source, read once. */
function readAxeSource(): Promise<string> {
  source ??= readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  return source;
}

/**
 * Runs axe-core on the page; returns its serious and critical findings, each with the elements it
 * names, leaving out elements `setAside` covers (and findings left with none).
 */
export async function auditSerious(page: Page, setAside: SetAside[] = []): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol: the page's Content-Security-Policy stays as served.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(await readAxeSource());
  return page.evaluate(async (aside) => {
    type AxeNode = { target: unknown[]; element?: Element };
    type AxeResults = { violations: { id: string; impact: string | null; help: string; nodes: AxeNode[] }[] };
    const axe = (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }
    ).axe;
    const results = await axe.run(document, { resultTypes: ["violations"], elementRef: true });
    // An element a live region dropped while axe ran is no longer on the page: nothing to report.
    const setAsideNode = (rule: string, node: AxeNode) =>
      node.element?.isConnected === false ||
      aside.some((entry) => entry.rule === rule && node.element?.closest(entry.within) != null);
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        targets: violation.nodes
          .filter((node) => !setAsideNode(violation.id, node))
          .map((node) => node.target.map(String).join(" ")),
      }))
      .filter((finding) => finding.targets.length > 0);
  }, setAside);
}
