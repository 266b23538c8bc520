import type { Page } from 'playwright-core';

// The Leads report opened from a figure (Home's, Portal Leads'): how many leads it lists once it settled.

/** No spinner left, and a moment for a dropdown to fade out. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

/** The Leads report's total once it shows the figure's rows ('1-20 of N'), or 0 when it lists none. */
export async function leadsReportTotal(page: Page): Promise<number> {
  await page.getByTestId('filter-home-figure').waitFor();
  await settled(page);
  const text =
    (await page
      .locator('.ant-pagination-total-text')
      .textContent({ timeout: 2_000 })
      .catch(() => null)) ?? 'of 0';
  return Number(/of (\d+)/.exec(text)?.[1] ?? 0);
}
