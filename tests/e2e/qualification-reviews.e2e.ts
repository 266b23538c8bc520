import { MESSAGES, qualificationReviewContract } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { chooseOption } from './support/select.js';
import { e2eServer } from './support/server.js';
import { firstId, newListingLead, staffApi } from './support/leads.js';
import { login } from './support/staff.js';

// Qualification reviews (docs/product.md 'Qualification reviews'): the demo agent reviews a lead of theirs from its
// page (the drawer axe-clean), and the demo manager finds it on Qualification Reviews, narrowed to that agent, and
// opens its lead from there.

const MANAGER = 'manager@example.com';
const AGENT = 'agent@example.com';
const FEEDBACK = `Clear budget and timeline ${Date.now()}`;

describe('qualification reviews', () => {
  let session: BrowserSession;
  let page: Page;
  let leadId: string;
  let leadID: string;

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const api = await staffApi(baseUrl, MANAGER);
    const aisha = await firstId(api, 'teams/members', { name: 'Aisha Khan' });
    ({ _id: leadId, leadID } = await newListingLead(api, aisha, { firstName: 'Review', phonePrefix: '55' }));
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
  });
  afterAll(async () => session?.close());

  it("the lead's agent reviews it from the lead's page", async () => {
    await login(page, AGENT);
    await page.goto(`/reports/leads/${leadId}`);
    const card = page.getByTestId('lead-qualification-review');
    await card.getByText('Not reviewed yet.').waitFor();
    await card.getByRole('button', { name: 'Add review' }).click();
    const drawer = page.getByRole('dialog', { name: MESSAGES.record.addTitle(qualificationReviewContract.label.one) });
    await drawer.getByLabel('Feedback').waitFor();
    await chooseOption(page, drawer.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Rating' }) }), '4');
    await chooseOption(
      page,
      drawer.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Category' }) }),
      'Qualified',
    );
    await drawer.getByLabel('Feedback').fill(FEEDBACK);
    const findings = await seriousViolations(page, 'qualification review drawer');
    expect(findings, describeFindings(findings)).toEqual([]);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await drawer.waitFor({ state: 'hidden' });
    await card.getByText(FEEDBACK).waitFor();
    await expect.poll(() => card.textContent()).toContain('Qualified');
    await card.getByRole('button', { name: 'Edit review' }).waitFor();
  });

  it('the manager finds it on Qualification Reviews for that agent and opens its lead', async () => {
    await session.context.clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await login(page, MANAGER);
    await page.goto('/reports/leads-review');
    await page.getByRole('heading', { name: 'Qualification Reviews' }).waitFor();
    await chooseOption(page, page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Agent' }) }), 'Aisha Khan', {
      search: 'Aisha',
    });
    const row = page.getByRole('row').filter({ hasText: FEEDBACK });
    await row.waitFor();
    // Narrowed to Aisha: every row is hers.
    await expect
      .poll(async () => (await page.locator('.ant-table-tbody tr.ant-table-row').allTextContents()).every((t) => t.includes('Aisha Khan')))
      .toBe(true);
    const findings = await seriousViolations(page, '/reports/leads-review');
    expect(findings, describeFindings(findings)).toEqual([]);
    await row.getByRole('link', { name: leadID, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/reports/leads/${leadId}`);
    await page.getByTestId('lead-qualification-review').getByText(FEEDBACK).waitFor();
  });
});
