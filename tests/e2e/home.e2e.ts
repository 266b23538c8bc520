import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { leadsReportTotal, settled } from './support/figures.js';
import { e2eServer } from './support/server.js';
import { login } from './support/staff.js';

// Home (/dashboard, docs/product.md 'Home') as the demo agent and the demo manager read it: the sections each may see,
// every figure a link to the list behind it with that many rows, the chart's figures as a table, and no serious axe
// finding on the way.

async function expectNoFindings(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, describeFindings(findings)).toEqual([]);
}

describe("the agent's Home", () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'agent@example.com');
  });
  afterAll(async () => session?.close());

  it('shows my leads awaiting acceptance with their countdown, opening exactly those leads', async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'My Leads', level: 2 }).waitFor();
    // An agent has no team and may not set the asset's lead engine: no such sections.
    expect(await page.getByRole('heading', { name: 'My Team', level: 2 }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'System', level: 2 }).count()).toBe(0);
    await settled(page);
    await expectNoFindings(page, "the agent's Home");

    const figure = page.getByTestId('home-awaiting-acceptance');
    const count = Number(await figure.textContent());
    const listed = await page.getByTestId('home-awaiting-list').locator('.ant-list-item').count();
    expect(listed).toBe(Math.min(count, 5));
    if (listed) expect(await page.getByTestId('home-sla-countdown').first().textContent()).toMatch(/left|SLA ended|No SLA/);
    // By keyboard: the figure is a link that takes the focus, and Enter follows it.
    await figure.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/reports\/leads\?/);
    expect(await leadsReportTotal(page)).toBe(count);
  });

  it('opens my open leads with no next activity from their figure, exactly that many', async () => {
    await page.goto('/dashboard');
    const figure = page.getByTestId('home-no-next-activity');
    await figure.waitFor();
    const count = Number(await figure.textContent());
    await figure.click();
    await page.waitForURL(/\/reports\/leads\?/);
    expect(await leadsReportTotal(page)).toBe(count);
    expect(await page.getByTestId('filter-home-figure').textContent()).toContain('No Next Activity');
  });

  it('opens the lead pool from its figure', async () => {
    await page.goto('/dashboard');
    const pool = page.getByTestId('home-pool');
    await pool.waitFor();
    await pool.click();
    await page.waitForURL(/\/reports\/my-leads\?tab=pool/);
    await page.getByRole('tab', { name: 'Lead Pool', selected: true }).waitFor();
  });
});

describe("the manager's Home", () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'manager@example.com');
  });
  afterAll(async () => session?.close());

  it("shows the team's figures, the chart's figures as a table, each opening the leads behind it", async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Home', level: 1 }).waitFor();
    const team = page.getByTestId('home-team');
    await team.getByRole('heading', { name: 'My Team', level: 2 }).waitFor();
    await settled(page);
    await expectNoFindings(page, "the manager's Home");

    // The chart is a named figure; the table under it has its figures as text, each a link.
    const table = page.getByTestId('home-team-new-leads-table');
    const rows = table.locator('tbody tr.ant-table-row');
    expect(await rows.count()).toBeGreaterThan(0);
    await page.getByRole('figure', { name: 'New leads by source, chart' }).first().waitFor();
    const link = rows.first().getByRole('link').first();
    const count = Number(await link.textContent());
    await link.click();
    await page.waitForURL(/\/reports\/leads\?/);
    expect(await leadsReportTotal(page)).toBe(count);
    await expectNoFindings(page, 'Leads report from a Home figure');

    await page.goBack();
    const breaches = page.getByTestId('home-team-sla-breaches');
    await breaches.waitFor();
    const breached = Number(await breaches.textContent());
    await breaches.click();
    await page.waitForURL(/\/reports\/leads\?/);
    expect(await leadsReportTotal(page)).toBe(breached);
  });
});
