import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { firstId, newListingLead, staffApi } from './support/leads.js';
import { leadsReportTotal } from './support/figures.js';
import { e2eServer } from './support/server.js';
import { login } from './support/staff.js';

// Portal Leads (/reports/portal-leads, docs/product.md 'Portal Leads') as the demo manager reads it: this month's
// leads by portal, a Bayut lead of this run among them; its enquiries count opens the Leads report with exactly that
// many leads; grouped by channel instead; axe-clean.

describe('Portal Leads', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const api = await staffApi(baseUrl, 'manager@example.com');
    const agent = await firstId(api, 'teams/members', { enabled: true });
    await newListingLead(api, agent, { firstName: 'Portal', phonePrefix: '52' }, { source: 'Bayut', contactMethod: 'Email' });
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'manager@example.com');
  });
  afterAll(async () => session?.close());

  it("shows this month's leads by portal, and a count opens exactly its leads", async () => {
    await page.goto('/reports/portal-leads');
    await page.getByRole('heading', { name: 'Portal Leads', level: 1 }).waitFor();
    const table = page.getByTestId('portal-leads-table');
    const bayut = table.locator('tr.ant-table-row').filter({ has: page.getByRole('cell', { name: 'Bayut', exact: true }) });
    await bayut.waitFor();
    await table.locator('tr.ant-table-row').filter({ hasText: 'Total' }).waitFor();
    const findings = await seriousViolations(page, 'Portal Leads');
    expect(findings, describeFindings(findings)).toEqual([]);

    const link = bayut.getByRole('link', { name: /enquiries: Bayut$/ });
    const count = Number(await link.textContent());
    expect(count).toBeGreaterThan(0);
    await link.click();
    await page.waitForURL(/\/reports\/leads\?/);
    expect(await leadsReportTotal(page)).toBe(count);
  });

  it('groups the same leads by channel', async () => {
    await page.goto('/reports/portal-leads');
    await page.getByText('By channel', { exact: true }).click();
    const table = page.getByTestId('portal-leads-table');
    await table
      .locator('tr.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: 'Email', exact: true }) })
      .waitFor();
    await page.getByRole('columnheader', { name: 'Channel' }).waitFor();
  });
});
