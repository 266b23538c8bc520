import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { login } from './support/staff.js';
import { chooseOption } from './support/select.js';

// The Brokers, Offices and Managers reports as the demo manager reads them: the offices ranked side by side with their
// chart, each manager with their team's figures, sortable, over a date range; a figure opens the leads behind it, and
// each report exports what it shows (docs/product.md 'Team').

describe('the Brokers, Offices and Managers reports', () => {
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
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'manager@example.com');
  });
  afterAll(async () => session?.close());

  const pickPreset = async (label: string) => {
    await chooseOption(page, page.getByTestId('filter-assignedAt-preset'), label);
  };

  /** A response time as the table shows it ('1 hour 2 minutes', 'N/A') in seconds; N/A sorts first (-1). */
  const seconds = (text: string) => {
    if (text.trim() === 'N/A') return -1;
    const units: Record<string, number> = { month: 2_592_000, day: 86_400, hour: 3600, minute: 60, second: 1 };
    let total = 0;
    for (const [, count, unit] of text.matchAll(/(\d+) (month|day|hour|minute|second)s?/g))
      total += Number(count) * (units[unit ?? ''] ?? 0);
    return total;
  };

  /** The cells of one column of the Brokers table, top to bottom (its page). */
  const columnTexts = async (title: RegExp) => {
    const table = page.getByTestId('brokers-table');
    const headers = await table.locator('thead th').allTextContents();
    const index = headers.findIndex((header) => title.test(header));
    expect(index, `${title} among ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
    return table.locator(`tbody tr.ant-table-row td:nth-child(${index + 1})`).allTextContents();
  };

  const download = async (testId: string, format: 'CSV' | 'Excel') => {
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByTestId(`${testId}-export`).click();
        await page.locator('.ant-dropdown:visible').getByText(format, { exact: false }).first().click();
      })(),
    ]);
    return file;
  };

  it('opens the leads behind a Brokers figure, sorted by response time: the Leads report shows that many', async () => {
    await page.goto('/reports/better-agent');
    await page.getByRole('heading', { name: 'Brokers', level: 1 }).waitFor();
    const table = page.getByTestId('brokers-table');
    await pickPreset('This Year');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    await settled();
    await table.getByRole('columnheader', { name: /Average Response Time/ }).click();
    await settled();
    // Sorted by response time, quickest first (N/A, no accepted lead, before any); a second click, slowest first.
    const ascending = (await columnTexts(/Average Response Time/)).map(seconds);
    expect(ascending.length).toBeGreaterThan(2);
    expect(ascending.some((value) => value > 0)).toBe(true);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    await table.getByRole('columnheader', { name: /Average Response Time/ }).click();
    await settled();
    const descending = (await columnTexts(/Average Response Time/)).map(seconds);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    // The first agent (the slowest to respond) with an accepted lead: their Accepted figure.
    const links = table.getByRole('link', { name: /^[1-9]\d* Accepted for / });
    await links.first().waitFor();
    const figure = links.first();
    const count = Number(await figure.textContent());
    expect(count).toBeGreaterThan(0);

    const csv = await download('brokers-report', 'CSV');
    expect(csv.suggestedFilename()).toMatch(/^brokers-.*\.csv$/);
    const [header = '', ...rows] = (await readFile(await csv.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe(
      'Agent,Office,Leads Assigned,Accepted,Claimed From Pool,Escalated,Average Response Time,Rating,Deals Won,Won Value',
    );
    expect(rows.length).toBeGreaterThan(0);
    await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'));

    await figure.click();
    await page.waitForURL(/\/reports\/leads\?/);
    await page.getByTestId('filter-report-figure').waitFor();
    await page.waitForFunction(
      (want) => new RegExp(`of ${want}\\b`).test(document.querySelector('.ant-pagination-total-text')?.textContent ?? ''),
      count,
      { timeout: 15_000 },
    );
    await settled();
    const findings = await seriousViolations(page, 'Leads report from a Brokers figure');
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it('leaves test agents out until asked, keeps one department, and exports just that', async () => {
    await page.goto('/reports/better-agent');
    await page.getByRole('heading', { name: 'Brokers', level: 1 }).waitFor();
    const table = page.getByTestId('brokers-table');
    await pickPreset('This Year');
    await table.getByText('Aisha Khan').first().waitFor();
    await settled();
    const names = async () => (await columnTexts(/^Agent/)).map((text) => text.replace(/\s*Disabled$/, '').trim());
    expect(await names()).not.toContain('Test Agent Marina');
    const choose = async (label: string, option: string) => {
      await chooseOption(page, page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) }), option);
      await settled();
    };
    await choose('Exclude Test Agents', 'No');
    await table.getByText('Test Agent Marina').first().waitFor();
    // The Leasing department: Ravi Menon alone (the demo team's leasing consultant).
    await choose('Department', 'Leasing');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="brokers-table"] tbody tr.ant-table-row').length === 1);
    expect(await names()).toEqual(['Ravi Menon']);
    const [request, csv] = await Promise.all([
      page.waitForRequest((sent) => sent.url().includes('/statistics/better-agent/export')),
      download('brokers-report', 'CSV'),
    ]);
    const url = new URL(request.url());
    expect(url.searchParams.get('excludeTestAgents')).toBe('false');
    expect(url.searchParams.get('department')).toMatch(/^[0-9a-f-]{36}$/);
    const [, ...rows] = (await readFile(await csv.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows.map((row) => row.split(',')[0])).toEqual(['Ravi Menon']);
    await page.waitForFunction(() => !document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-modal'));
    await settled();
    const findings = await seriousViolations(page, 'Brokers report with its filters');
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it('ranks the offices side by side with a chart, over the range chosen', async () => {
    await page.goto('/reports/office-war');
    await page.getByRole('heading', { name: 'Offices', level: 1 }).waitFor();
    const table = page.getByTestId('offices-table');
    await table.getByText('Marina Walk Branch').first().waitFor();
    await table.getByText('JLT Branch').first().waitFor();
    await page.getByTestId('offices-chart').locator('svg').first().waitFor();
    await pickPreset('This Year');
    await table.getByText('Marina Walk Branch').first().waitFor();
    // Ranked: the first row's rank is 1, and a click on a figure's header sorts by it.
    await expect(table.locator('tbody tr.ant-table-row').first().locator('td').first().textContent()).resolves.toBe('1');
    await table.getByRole('columnheader', { name: /Leads Assigned/ }).click();
    await settled();
    const xlsx = await download('offices-report', 'Excel');
    expect(xlsx.suggestedFilename()).toMatch(/^offices-.*\.xlsx$/);
    const bytes = await readFile(await xlsx.path());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
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
