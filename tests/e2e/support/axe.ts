import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

// axe-core (Deque's WCAG engine) over a page: the WCAG 2.0, 2.1 and 2.2 A and AA rules (docs/accessibility.md).
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page as it is now (`where` names the screen in the report). */
export async function seriousViolations(page: Page, where: string): Promise<AxeFinding[]> {
  await settleMotion(page);
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }));
}

/** One readable block per finding, for a failing test's message. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings.map((f) => `${f.where}: [${f.impact}] ${f.rule} - ${f.help}\n${f.targets.map((t) => `    ${t}`).join('\n')}`).join('\n');
}

/**
 * Waits for antd's enter and leave motions to end, and for every select list on screen to belong to an open
 * combobox. A closing dropdown keeps its listbox on screen for a moment after its combobox says it is collapsed, and
 * axe would read that in-between frame as an unnamed listbox.
 */
async function settleMotion(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        if (document.querySelector('[class*="-leave-active"], [class*="-enter-active"], [class*="-appear-active"]')) return false;
        return [...document.querySelectorAll('.ant-select-dropdown [role="listbox"]')].every((box) => {
          const dropdown = box.closest('.ant-select-dropdown');
          if (!dropdown || getComputedStyle(dropdown).display === 'none') return true;
          return document.querySelector(`[aria-controls="${box.id}"]`)?.getAttribute('aria-expanded') === 'true';
        });
      },
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
}
