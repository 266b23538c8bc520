import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DISPUTE_STATE_LABELS, VIEWING_REVIEW_MESSAGES as M, VIEWING_REVIEW_PAGE_TEXT as TEXT } from '@crm/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { firstId, newListingLead, staffApi } from './support/leads.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// Viewing reviews (docs/product.md 'Viewing reviews') from the customer's mail to the manager's ruling: a viewing of
// the demo agent marked done sends its feedback mail (the e2e server's outbox); the customer follows the link without
// a login and rates it in English, and another in Arabic (right to left); the link is single-use; the agent disputes
// the low review from the lead's page, and the manager removes it on /reports/viewing-reviews. Every screen axe-clean.

const AGENT = 'agent@example.com';
const MANAGER = 'manager@example.com';

async function expectAccessible(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, `axe (WCAG 2.2 AA) on ${where}:\n${describeFindings(findings)}`).toEqual([]);
}

/** Picks a rating: antd's button radios hide their input, so its label is clicked, and the radio then checked. */
async function rate(page: Page, name: string) {
  const radio = page.getByRole('radio', { name });
  await page.locator('label.ant-radio-button-wrapper').filter({ has: radio }).click();
  await expect.poll(() => radio.isChecked()).toBe(true);
}

describe('viewing reviews', () => {
  let session: BrowserSession;
  let customer: BrowserContext;
  let baseUrl = '';
  let outboxDir = '';
  let adminToken = '';
  const leads: { _id: string; leadID: string; email: string; link: string }[] = [];

  /** The review link of the feedback mail the outbox holds for `email`, once it is there. */
  async function mailedLink(email: string): Promise<string> {
    // A plain wait (beforeAll runs outside a test, where expect.poll is not allowed): the job mails within seconds.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      for (const file of await readdir(outboxDir).catch(() => [] as string[])) {
        const text = await readFile(path.join(outboxDir, file), 'utf8');
        const found = text.includes(`To: ${email}`) ? /(http\S+\/viewing-review\?token=[^\s&]+)/.exec(text) : null;
        if (found?.[1]) return found[1];
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no feedback mail to ${email} in ${outboxDir}`);
  }

  /** A new customer's lead of the demo agent with a viewing yesterday, marked done: its feedback mail goes at once. */
  async function doneViewing(firstName: string, phonePrefix: string) {
    const api = await staffApi(baseUrl, 'admin@example.com');
    const agent = await firstId(api, 'teams/members', { name: 'Aisha Khan' });
    const lead = await newListingLead(api, agent, { firstName, phonePrefix }, { enquiryMethod: 'Viewing' });
    const stored = await api(`properties/leads/${lead._id}`);
    const person = await api(`customers/${(stored.body.data as { customer: string }).customer}`);
    const email = (person.body.data as { email: string }).email;
    const yesterday = new Date(Date.now() - 86_400_000);
    yesterday.setUTCSeconds(0, 0);
    const viewing = await api('viewings', { lead: lead._id, startsAt: yesterday.toISOString() });
    expect(viewing.status, JSON.stringify(viewing.body)).toBe(201);
    const done = await fetch(`${baseUrl}/api/viewings/${(viewing.body.data as { _id: string })._id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'done' }),
    });
    expect(done.status).toBe(200);
    return { ...lead, email, link: await mailedLink(email) };
  }

  beforeAll(async () => {
    ({ baseUrl, outboxDir } = e2eServer());
    adminToken = await apiToken(baseUrl, 'admin@example.com');
    leads.push(await doneViewing('Reviewer', '55'));
    leads.push(await doneViewing('Murajea', '54'));
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    customer = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 900, height: 900 }, locale: 'en-US' });
  });
  afterAll(async () => {
    await customer?.close();
    await session?.close();
  });

  it('the customer rates the viewing from the mailed link, without a login, once', async () => {
    const [first] = leads;
    if (!first) throw new Error('no viewing');
    const page = await customer.newPage();
    await page.goto(first.link);
    const t = TEXT.en;
    await page.getByRole('heading', { name: t.title }).waitFor();
    await page.getByText('Aisha Khan').first().waitFor();
    await expectAccessible(page, 'the public review page (English)');
    // Sending without a rating names it; nothing is sent.
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t.ratingRequired).waitFor();
    await rate(page, t.ratingOption(2));
    await page.getByLabel(t.comment).fill('The agent came late and rushed the visit');
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t.thanks).waitFor();
    await expectAccessible(page, 'the review page after sending');
    // The link is spent: opened again it says the viewing was reviewed.
    await page.goto(first.link);
    await page.getByText(t.refusals.reviewed).waitFor();
    // A forged link is refused in the customer's language.
    await page.goto(`/viewing-review?token=${encodeURIComponent(`${first.link.split('token=')[1]?.split('.')[0]}.forged`)}&lang=ar`);
    await page.getByText(TEXT.ar.refusals.invalid).waitFor();
    await page.close();
  });

  it('reads right to left in Arabic and takes the review in Arabic', async () => {
    const [, second] = leads;
    if (!second) throw new Error('no viewing');
    const page = await customer.newPage();
    await page.goto(second.link);
    await page.getByRole('heading', { name: TEXT.en.title }).waitFor();
    // The page offers Arabic; the mail's Arabic link opens the same page in Arabic.
    await page.getByRole('button', { name: TEXT.en.switchTo }).click();
    const t = TEXT.ar;
    await page.getByRole('heading', { name: t.title }).waitFor();
    expect(await page.locator('main').getAttribute('dir')).toBe('rtl');
    expect(await page.locator('main').getAttribute('lang')).toBe('ar');
    expect(await page.locator('.ant-form').evaluate((form) => getComputedStyle(form).direction)).toBe('rtl');
    await expectAccessible(page, 'the public review page (Arabic, right to left)');
    await rate(page, t.ratingOption(5));
    await page.getByLabel(t.comment).fill('معاينة ممتازة');
    await page.getByRole('button', { name: t.submit }).click();
    await page.getByText(t.thanks).waitFor();
    await page.close();

    const api = await staffApi(baseUrl, MANAGER);
    const list = await api(`reviews/viewings?filter=${encodeURIComponent(JSON.stringify({ query: { lead: second._id } }))}`);
    expect(list.body.data).toMatchObject([{ rating: 5, language: 'ar', comment: 'معاينة ممتازة', disputeState: 'none' }]);
  });

  it("the agent disputes the low review from the lead's page", async () => {
    const [first] = leads;
    if (!first) throw new Error('no viewing');
    const page = await session.context.newPage();
    await login(page, AGENT);
    await page.goto(`/reports/leads/${first._id}`);
    const card = page.getByTestId('lead-viewing-reviews');
    await card.getByText('The agent came late and rushed the visit').waitFor();
    await card.getByRole('button', { name: `${M.dispute} (${M.stars(2)})` }).click();
    const dialog = page.getByRole('dialog', { name: M.disputeTitle });
    await dialog.waitFor();
    // A dispute needs its reason.
    await dialog.getByRole('button', { name: M.dispute }).click();
    await dialog.getByText(M.reasonRequired).waitFor();
    await expectAccessible(page, 'the dispute dialog');
    await dialog.getByLabel(M.disputeReason).fill('The customer arrived forty minutes late');
    await dialog.getByRole('button', { name: M.dispute }).click();
    await dialog.waitFor({ state: 'hidden' });
    await card.getByText(DISPUTE_STATE_LABELS.disputed, { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: new RegExp(`^${M.dispute}`) }).count()).toBe(0);
    await page.close();
  });

  it('the manager sees the averages and removes the disputed review on Viewing Reviews', async () => {
    const [first] = leads;
    if (!first) throw new Error('no viewing');
    const context = await session.browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1400, height: 900 },
      timezoneId: 'Asia/Dubai',
    });
    const page = await context.newPage();
    await login(page, MANAGER);
    await page.goto('/reports/viewing-reviews');
    await page.getByRole('heading', { name: M.title, level: 1 }).waitFor();
    const averages = page.getByTestId('viewing-review-averages-agent');
    await averages.getByText('Aisha Khan').waitFor();
    const table = page.getByTestId('viewingReviews-table');
    const row = table.locator('tr.ant-table-row').filter({ hasText: 'The agent came late and rushed the visit' });
    await row.getByText(DISPUTE_STATE_LABELS.disputed, { exact: true }).waitFor();
    await expectAccessible(page, 'Viewing Reviews');
    await row.getByRole('button', { name: `${M.remove} (${M.stars(2)})` }).click();
    const dialog = page.getByRole('dialog', { name: M.resolveTitle('remove') });
    await dialog.getByLabel(M.resolveNote).fill('The customer was late, not the agent');
    await dialog.getByRole('button', { name: M.remove }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    // Gone from the list, kept in the activity log.
    const api = await staffApi(baseUrl, MANAGER);
    const left = await api(`reviews/viewings?filter=${encodeURIComponent(JSON.stringify({ query: { lead: first._id } }))}`);
    expect(left.body.data).toEqual([]);
    const trashed = await api(
      `reviews/viewings?filter=${encodeURIComponent(JSON.stringify({ query: { lead: first._id }, deleted: true }))}`,
    );
    expect(trashed.body.data).toMatchObject([{ disputeState: 'removed', resolutionNote: 'The customer was late, not the agent' }]);
    await context.close();
  });
});
