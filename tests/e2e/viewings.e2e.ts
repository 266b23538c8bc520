import { ENVELOPE_MESSAGES, MESSAGES, VIEWING_MESSAGES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { firstId, newListingLead, staffApi } from './support/leads.js';
import { typeDateTime } from './support/select.js';
import { login } from './support/staff.js';

// Viewings on a lead's page (docs/product.md 'Viewings') as the demo manager uses them: 'Schedule viewing' opens the
// form in a drawer (axe-clean), the viewing appears with the asset's default duration and the lead's agent, and
// 'Mark done' marks it done.

const MANAGER = 'manager@example.com';

describe('viewings on the lead page', () => {
  let session: BrowserSession;
  let page: Page;
  let leadId: string;

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const api = await staffApi(baseUrl, MANAGER);
    const agent = await firstId(api, 'teams/members', { enabled: true });
    leadId = (await newListingLead(api, agent, { firstName: 'Viewing', phonePrefix: '56' }, { enquiryMethod: 'Viewing' }))._id;
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, MANAGER);
  });
  afterAll(async () => session?.close());

  const card = () => page.getByTestId('lead-viewings');

  it('schedules a viewing from the lead page through the drawer', async () => {
    await page.goto(`/reports/leads/${leadId}`);
    await card().getByText(VIEWING_MESSAGES.none).waitFor();
    await card().getByRole('button', { name: VIEWING_MESSAGES.schedule }).click();
    const drawer = page.getByRole('dialog', { name: MESSAGES.record.addTitle('viewing') });
    await drawer.waitFor();
    // Saving without a time names the field.
    await drawer.getByRole('button', { name: MESSAGES.record.save }).click();
    await drawer.getByText(VIEWING_MESSAGES.startsAtRequired).waitFor();
    const open = await seriousViolations(page, 'schedule viewing drawer');
    expect(open, describeFindings(open)).toEqual([]);

    await typeDateTime(page, drawer.getByLabel('Date and time'), '2030-01-15 10:30');
    await drawer.getByLabel('Notes').fill('Meet at the lobby');
    await drawer.getByRole('button', { name: MESSAGES.record.save }).click();
    await drawer.waitFor({ state: 'hidden' });

    const row = card().locator('.ant-table-row').first();
    await row.getByText('Scheduled').waitFor();
    // The duration the seeded viewing settings give, and the lead's agent.
    await expect.poll(() => row.textContent()).toMatch(/\d+ min/);
    expect(await row.textContent()).toContain('Meet at the lobby');
    expect(await row.textContent()).toContain('2030');
    const withViewing = await seriousViolations(page, 'lead page with a viewing');
    expect(withViewing, describeFindings(withViewing)).toEqual([]);
  });

  it('marks the viewing done', async () => {
    const row = card().locator('.ant-table-row').first();
    await row.getByRole('button', { name: VIEWING_MESSAGES.markDone }).click();
    await row.getByText('Done', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: VIEWING_MESSAGES.markDone }).count()).toBe(0);
    // Kept by the server: a fresh page shows it done.
    await page.reload();
    await card().locator('.ant-table-row').first().getByText('Done', { exact: true }).waitFor();
  });

  it('offers to send a PDF of Storage for signature (the dialog is axe-clean and asks for the file)', async () => {
    await page.getByTestId('lead-envelopes').getByRole('button', { name: ENVELOPE_MESSAGES.send }).click();
    const dialog = page.getByRole('dialog', { name: ENVELOPE_MESSAGES.sendTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: ENVELOPE_MESSAGES.send }).click();
    await dialog.getByText(ENVELOPE_MESSAGES.fileRequired).waitFor();
    const findings = await seriousViolations(page, 'send for signature dialog');
    expect(findings, describeFindings(findings)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
