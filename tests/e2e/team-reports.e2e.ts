import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { login } from './support/staff.js';

// The Offices and Managers reports as the demo manager reads them: the offices ranked side by side with their chart,
// each manager with their team's figures, sortable, over a date range (docs/product.md 'Team').

describe('the Offices and Managers reports', () => {
  let session: BrowserSession;
  let page: Page;

  const settled = async () => {
    await page.waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
      undefined,
      {
        timeout: 15_000,
      },
    );
    await page.waitForTimeout(300);
  };

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), inject('baseUrl'));
    page = await session.context.newPage();
    await login(page, 'manager@example.com');
  });
  afterAll(async () => session?.close());

  it('ranks the offices side by side with a chart, over the range chosen', async () => {
    await page.goto('/reports/office-war');
    await page.getByRole('heading', { name: 'Offices', level: 1 }).waitFor();
    const table = page.getByTestId('offices-table');
    await table.getByText('Marina Walk Branch').first().waitFor();
    await table.getByText('JLT Branch').first().waitFor();
    await page.getByTestId('offices-chart').locator('svg').first().waitFor();
    await page.getByTestId('filter-assignedAt-preset').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'This Year' }).first().click();
    await table.getByText('Marina Walk Branch').first().waitFor();
    // Ranked: the first row's rank is 1, and a click on a figure's header sorts by it.
    await expect(table.locator('tbody tr.ant-table-row').first().locator('td').first().textContent()).resolves.toBe('1');
    await table.getByRole('columnheader', { name: /Leads Assigned/ }).click();
    await settled();
    const findings = await seriousViolations(page, 'Offices report');
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it("lists each manager with their team's figures and the leads escalated to them", async () => {
    await page.goto('/reports/managers');
    await page.getByRole('heading', { name: 'Managers', level: 1 }).waitFor();
    const table = page.getByTestId('managers-table');
    await table.getByRole('link', { name: 'Sara Al Mansoori' }).first().waitFor();
    await table.getByRole('columnheader', { name: /Escalated To Manager/ }).waitFor();
    await settled();
    const findings = await seriousViolations(page, 'Managers report');
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
