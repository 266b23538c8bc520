import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { chooseOption } from './support/select.js';

// The Leads report as the seeded admin uses it: the list, a filter, the cached filter, export, a lead.
describe('leads report', () => {
  let session: BrowserSession;
  let page: Page;

  const totalText = () => page.locator('.ant-pagination-total-text').textContent();
  const totalOf = (text: string | null) => Number(/of (\d+)/.exec(text ?? '')?.[1] ?? NaN);
  const column = (title: string) =>
    page.evaluate((name) => {
      const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim());
      const index = headers.indexOf(name);
      return [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(
        (tr) => tr.querySelectorAll('td')[index]?.textContent?.trim() ?? '',
      );
    }, title);
  /** Waits until the list's total differs from `before` (the filter is debounced, then fetched). */
  const totalChangedFrom = async (before: string | null) => {
    await page.waitForFunction((text) => document.querySelector('.ant-pagination-total-text')?.textContent !== text, before);
    await page.locator('.ant-table-row').first().waitFor();
    return totalText();
  };
  const pick = async (testId: string, option: string) => {
    await chooseOption(page, page.getByTestId(testId), option, { exact: false });
  };

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await page.goto('/auth');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('Passw0rd!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  });
  afterAll(async () => session?.close());

  let excludedTotal = 0;
  let allTotal = 0;
  let closedTotal = 0;

  it('lists the leads newest first, every column, test agents excluded', async () => {
    await page.goto('/reports/leads?refresh=1');
    await page.locator('.ant-table-row').first().waitFor();
    const headers = await page.locator('.ant-table-thead th').allTextContents();
    for (const title of [
      'Created At',
      'CRM ID',
      'Lead ID',
      'Market',
      'SLA Stage',
      'Claimed',
      'Pool Claimed',
      'Contacted',
      'Rating',
      'Created By',
      'Last Updated By',
    ]) {
      expect(headers.map((h) => h.trim())).toContain(title);
    }
    const excludedText = await totalText();
    excludedTotal = totalOf(excludedText);
    await pick('filter-exclude-test-agents', 'No');
    allTotal = totalOf(await totalChangedFrom(excludedText));
    // The seed gives each asset's test agent leads: excluding them shows fewer.
    expect(allTotal).toBeGreaterThan(excludedTotal);
    expect(await column('Agent')).not.toContain('Test Agent');
  });

  it('sorts by one column at a time; clearing the sort goes back to newest first', async () => {
    const newestFirst = await column('Lead ID');
    const byLeadId = [...newestFirst].sort();
    const header = page.locator('.ant-table-thead th', { hasText: 'Lead ID' });
    const firstLeadIdIs = (id: string | undefined) =>
      page.waitForFunction((expected) => {
        const headers = [...document.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim());
        const cell = document.querySelector('.ant-table-tbody tr.ant-table-row')?.querySelectorAll('td')[headers.indexOf('Lead ID')];
        return cell?.textContent?.trim() === expected;
      }, id);
    await header.click();
    await firstLeadIdIs('L-000001');
    await header.click();
    await firstLeadIdIs(byLeadId.at(-1));
    await header.click();
    await firstLeadIdIs(newestFirst[0]);
    expect(await column('Lead ID')).toEqual(newestFirst);
  });

  it('filters by status and keeps only closed leads', async () => {
    const before = await totalText();
    await pick('filter-status', 'Closed');
    closedTotal = totalOf(await totalChangedFrom(before));
    expect(closedTotal).toBeGreaterThan(0);
    expect(closedTotal).toBeLessThan(allTotal);
    const statuses = await column('Status');
    expect(statuses).toHaveLength(Math.min(closedTotal, 20));
    expect(new Set(statuses)).toEqual(new Set(['Closed']));
  });

  it('keeps the filter when coming back', async () => {
    await page.goto('/dashboard');
    await page.goto('/reports/leads');
    await page.locator('.ant-table-row').first().waitFor();
    await page.waitForFunction(
      (total) => document.querySelector('.ant-pagination-total-text')?.textContent?.endsWith(`of ${total}`),
      closedTotal,
    );
    expect(new Set(await column('Status'))).toEqual(new Set(['Closed']));
  });

  it('exports the filtered rows as CSV with the header row', async () => {
    const leadIds = await column('Lead ID');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByTestId('leads-export').click();
        await page.locator('.ant-dropdown:visible').getByText('CSV', { exact: true }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header = '', ...rows] = csv.trim().split(/\r?\n/);
    expect(header.split(',').slice(0, 3)).toEqual(['Created At', 'CRM ID', 'Lead ID']);
    expect(rows).toHaveLength(closedTotal);
    for (const id of leadIds) expect(csv).toContain(id);
  });

  it("says 'Data is empty' when nothing matches", async () => {
    await pick('filter-market', 'General');
    await pick('filter-dataSourceCreatedAt-preset', 'Today');
    await page.getByText('No leads found').waitFor();
    await page.getByTestId('leads-export').click();
    await page.locator('.ant-dropdown:visible').getByText('CSV', { exact: true }).click();
    await page.getByText('Data is empty').waitFor();
  });

  it('opens a lead and comes back to the same filter', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.locator('.ant-table-row').first().waitFor();
    await pick('filter-exclude-test-agents', 'No');
    await pick('filter-status', 'Closed');
    await page.waitForFunction(
      (total) => document.querySelector('.ant-pagination-total-text')?.textContent?.endsWith(`of ${total}`),
      closedTotal,
    );
    const [firstId = ''] = await column('Lead ID');
    await page.getByRole('link', { name: firstId, exact: true }).click();
    await page.waitForURL(/\/reports\/leads\/[0-9a-f-]{36}\?/);
    await page.getByTestId('lead-details').getByText(firstId, { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Stage History' }).click();
    await page.getByTestId('lead-history-stage').locator('.ant-table-row').first().waitFor();
    await page.getByTestId('back-button').click();
    await page.waitForURL((url) => url.pathname === '/reports/leads');
    await page.waitForFunction(
      (total) => document.querySelector('.ant-pagination-total-text')?.textContent?.endsWith(`of ${total}`),
      closedTotal,
    );
  });

  it('starts afresh when opened with refresh', async () => {
    await page.goto('/reports/leads?refresh=1');
    await page.waitForFunction(
      (total) => document.querySelector('.ant-pagination-total-text')?.textContent?.endsWith(`of ${total}`),
      excludedTotal,
    );
    await expect(page.getByTestId('filter-status').textContent()).resolves.not.toContain('Closed');
  });
});
