import { ACTIVITY_MESSAGES, TIMELINE_KIND_LABELS, TIMELINE_MESSAGES, TIMELINE_PAGE } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { chooseOption } from './support/select.js';

// Timelines (docs/product.md 'Activities'): a call logged from a lead's page through 'Log activity' is the first
// entry of the lead's timeline (the form's messages are the contract's; axe over the page with the form open), a
// deal's page shows its stage move at the top of its timeline, and a customer's loads 25 entries, then more.

const ADMIN = 'admin@example.com';

describe('timelines', () => {
  let session: BrowserSession;
  let page: Page;
  let leadId: string;
  let customerId: string;
  let api: <T>(method: string, path: string, body?: object) => Promise<T>;
  const stamp = Date.now();

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, ADMIN);
    api = async <T>(method: string, path: string, body?: object) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await res.json()) as T;
      expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
      return json;
    };
    const first = async (path: string) => {
      const filter = encodeURIComponent(JSON.stringify({ limit: 1, query: { enabled: true } }));
      return (await api<{ data: { _id: string }[] }>('GET', `${path}?filter=${filter}`)).data[0]?._id;
    };
    const customer = await api<{ data: { _id: string } }>('POST', 'customers', {
      firstName: 'Timeline',
      lastName: `Buyer ${stamp}`,
      email: `timeline.${stamp}@example.com`,
      phoneCode: '+971',
      phone: `55${String(stamp).slice(-7)}`,
      type: 'Client',
    });
    const lead = await api<{ data: { _id: string } }>('POST', 'properties/leads/create', {
      customer: customer.data._id,
      contactType: 'Buyer',
      type: 'listing',
      listing: await first('properties/listings'),
      source: 'Website',
      leadType: 'Sale',
      enquiryMethod: 'Viewing',
      contactMethod: 'Phone',
      action: 'Requires call from agent',
      agent: await first('teams/members'),
      isManualAssignment: true,
    });
    leadId = lead.data._id;
    customerId = customer.data._id;
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, ADMIN);
  });
  afterAll(async () => session?.close());

  const timeline = () => page.getByTestId('timeline');
  const firstEntry = () => timeline().getByTestId('timeline-entry').first();

  it('logs a call on a lead from its page and shows it at the top of the timeline', async () => {
    await page.goto(`/reports/leads/${leadId}`);
    await firstEntry().waitFor();
    await timeline().getByRole('button', { name: TIMELINE_MESSAGES.logActivity }).click();
    const dialog = page.getByRole('dialog', { name: TIMELINE_MESSAGES.logActivity });
    await dialog.waitFor();
    // Saving without a subject names the field with the contract's message.
    await dialog.getByRole('button', { name: TIMELINE_MESSAGES.logActivity }).click();
    await dialog.getByText(ACTIVITY_MESSAGES.subjectRequired).waitFor();
    const open = await seriousViolations(page, 'lead page with its timeline and the log activity form');
    expect(open, describeFindings(open)).toEqual([]);

    const subject = `Called about the budget ${stamp}`;
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Outcome').fill('Interested');
    await dialog.getByLabel('Duration (minutes)').fill('12');
    await dialog.getByRole('button', { name: TIMELINE_MESSAGES.logActivity }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => firstEntry().textContent()).toContain(`Call: ${subject}`);
    const entry = firstEntry();
    expect(await entry.getAttribute('data-kind')).toBe('activity');
    expect(await entry.textContent()).toContain(TIMELINE_KIND_LABELS.activity);
    expect(await entry.textContent()).toContain('Interested');
    const after = await seriousViolations(page, 'lead page timeline');
    expect(after, describeFindings(after)).toEqual([]);
  });

  it("shows a deal's stage move at the top of the deal's timeline", async () => {
    const deal = await api<{ data: { _id: string } }>('POST', 'deals', { lead: leadId });
    await api('PATCH', `deals/${deal.data._id}/stage`, { stage: 'reserved' });
    await page.goto(`/reports/deals/${deal.data._id}`);
    await firstEntry().waitFor();
    expect(await firstEntry().textContent()).toContain(TIMELINE_MESSAGES.dealMoved('Offer', 'Reserved'));
    expect(await firstEntry().getAttribute('data-kind')).toBe('deal');
    // Its opening is there too, and the lead's call is not before the deal was opened.
    await timeline().getByText(TIMELINE_MESSAGES.dealOpened('Offer')).waitFor();
    const findings = await seriousViolations(page, 'deal page timeline');
    expect(findings, describeFindings(findings)).toEqual([]);
  });

  it("loads the customer's timeline 25 entries at a time", async () => {
    for (let i = 0; i < 26; i += 1) await api('POST', 'activities', { type: 'note', subject: `Note ${i} ${stamp}`, customer: customerId });
    await page.goto(`/customers/${customerId}`);
    await firstEntry().waitFor();
    const entries = timeline().getByTestId('timeline-entry');
    expect(await entries.count()).toBe(TIMELINE_PAGE.DEFAULT);
    expect(await firstEntry().textContent()).toContain(`Note: Note 25 ${stamp}`);
    await timeline().getByRole('button', { name: TIMELINE_MESSAGES.loadMore }).click();
    await expect.poll(() => entries.count()).toBeGreaterThan(TIMELINE_PAGE.DEFAULT);
    // The lead's call and the deal's moves are the customer's too.
    await timeline().getByText(`Call: Called about the budget ${stamp}`).waitFor();
    const findings = await seriousViolations(page, 'customer page timeline');
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});

describe("an agent's call and follow-up task", () => {
  let session: BrowserSession;
  let page: Page;
  let leadId: string;
  let api: <T>(method: string, path: string, body?: object) => Promise<T>;
  const stamp = Date.now();

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, ADMIN);
    api = async <T>(method: string, path: string, body?: object) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = (await res.json()) as T;
      expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
      return json;
    };
    const filter = (query: object) => encodeURIComponent(JSON.stringify({ limit: 1, query }));
    const agent = (await api<{ data: { _id: string }[] }>('GET', `teams/members?filter=${filter({ name: 'Aisha Khan' })}`)).data[0]?._id;
    const listing = (await api<{ data: { _id: string }[] }>('GET', `properties/listings?filter=${filter({})}`)).data[0]?._id;
    const customer = await api<{ data: { _id: string } }>('POST', 'customers', {
      firstName: 'Follow',
      lastName: `Up ${stamp}`,
      email: `follow.${stamp}@example.com`,
      phoneCode: '+971',
      phone: `56${String(stamp).slice(-7)}`,
      type: 'Client',
    });
    const lead = await api<{ data: { _id: string } }>('POST', 'properties/leads/create', {
      customer: customer.data._id,
      contactType: 'Buyer',
      type: 'listing',
      listing,
      source: 'Website',
      leadType: 'Sale',
      enquiryMethod: 'Viewing',
      contactMethod: 'Phone',
      action: 'Requires call from agent',
      agent,
      isManualAssignment: true,
    });
    leadId = lead.data._id;
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'agent@example.com');
  });
  afterAll(async () => session?.close());

  const timeline = () => page.getByTestId('timeline');
  const dueToday = async () => {
    await page.goto('/dashboard');
    const figure = page.getByTestId('home-tasks-due-today');
    await figure.waitFor();
    return Number(await figure.textContent());
  };
  const logActivity = async (fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) => {
    await timeline().getByRole('button', { name: TIMELINE_MESSAGES.logActivity }).click();
    const dialog = page.getByRole('dialog', { name: TIMELINE_MESSAGES.logActivity });
    await dialog.waitFor();
    await fill(dialog);
    await dialog.getByRole('button', { name: TIMELINE_MESSAGES.logActivity }).click();
    await dialog.waitFor({ state: 'hidden' });
  };

  it('logs a call and a task due today on their lead: the timeline shows both, Home counts the task', async () => {
    const before = await dueToday();
    await page.goto(`/reports/leads/${leadId}`);
    await timeline().waitFor();
    await logActivity(async (dialog) => dialog.getByLabel('Subject').fill(`Called the buyer ${stamp}`));
    await expect.poll(() => timeline().getByTestId('timeline-entry').first().textContent()).toContain(`Call: Called the buyer ${stamp}`);

    // Due in a quarter of an hour, on the picker's five-minute steps, typed as the form reads it: in the asset's zone.
    const step = 5 * 60_000;
    const due = new Date(Math.ceil((Date.now() + 15 * 60_000) / step) * step);
    const { timezone } = (await api<{ data: { timezone: string } }>('GET', 'home')).data;
    const zoned = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const partsOf = (at: Date) => Object.fromEntries(zoned.formatToParts(at).map((part) => [part.type, part.value]));
    const parts = partsOf(due);
    // Run in the asset's last quarter of an hour, the task is due tomorrow: not one of today's.
    const today = partsOf(new Date()).day === parts.day;
    const typed = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
    await logActivity(async (dialog) => {
      await chooseOption(page, dialog.locator('.ant-form-item').filter({ has: page.getByLabel('Type', { exact: true }) }), 'Task');
      await dialog.getByLabel('Subject').fill(`Send the offer ${stamp}`);
      const picker = dialog.getByLabel('Due');
      await picker.click();
      await picker.fill(typed);
      await picker.press('Enter');
    });
    await expect.poll(() => timeline().getByTestId('timeline-entry').first().textContent()).toContain(`Send the offer ${stamp}`);

    // Stored as the agent's task, due at the time typed.
    const query = encodeURIComponent(JSON.stringify({ query: { subject: `Send the offer ${stamp}` } }));
    const [task] = (await api<{ data: { type: string; dueAt: string | null }[] }>('GET', `activities?filter=${query}`)).data;
    expect(task).toMatchObject({ type: 'task', dueAt: due.toISOString() });
    expect(await dueToday()).toBe(today ? before + 1 : before);
    const findings = await seriousViolations(page, "the agent's Home with their tasks");
    expect(findings, describeFindings(findings)).toEqual([]);
    if (!today) return;
    await page.getByTestId('home-tasks-due-today').click();
    await page.waitForURL(/\/reports\/activities\?/);
    await page.getByText(`Send the offer ${stamp}`).waitFor();
  });
});
