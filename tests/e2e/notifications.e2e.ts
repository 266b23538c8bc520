import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// The bell (docs/product.md 'Notifications') as the demo agent uses it: a lead the manager assigns to them shows in
// the count without a reload, the drawer lists it and opens the lead, and the email settings are kept. Then the
// admin's Notification Logs, where an invitation mail shows with its kind and status.

const AGENT = 'agent@example.com';

describe('staff notifications in the browser', () => {
  let session: BrowserSession;
  let page: Page;
  let api: (path: string, body?: unknown) => Promise<{ status: number; body: { data: unknown } }>;
  let agentMember: string;

  const bellLabel = () => page.getByTestId('notification-bell').getAttribute('aria-label');
  const unreadOf = (label: string | null) => Number(/(\d+) unread/.exec(label ?? '')?.[1] ?? 0);

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'manager@example.com');
    api = async (path, body) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as { data: unknown } };
    };
    const members = (await api(`teams/members?filter=${encodeURIComponent(JSON.stringify({ limit: 100 }))}`)).body.data as {
      _id: string;
      email: string | null;
    }[];
    const member = members.find((m) => m.email === AGENT);
    if (!member) throw new Error('the demo agent is a team member of the first asset');
    agentMember = member._id;
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, AGENT);
  });
  afterAll(async () => session?.close());

  it('counts a new assignment live, lists it and opens the lead', async () => {
    await page.goto('/dashboard');
    await page.getByTestId('notification-bell').waitFor();
    // The stream's first count has arrived when the label settles on the server's figure.
    const before = unreadOf(await bellLabel());
    const listings = (await api(`properties/listings?filter=${encodeURIComponent(JSON.stringify({ limit: 1 }))}`)).body.data as {
      _id: string;
    }[];
    // A new customer: a customer with an open lead would make this one its child, owned by that lead's agent.
    const stamp = Date.now();
    const customer = await api('customers', {
      firstName: 'Bell',
      lastName: `Test ${stamp}`,
      email: `bell.${stamp}@example.com`,
      phoneCode: '+971',
      phone: `55${String(stamp).slice(-7)}`,
      type: 'Client',
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const created = await api('properties/leads/create', {
      customer: (customer.body.data as { _id: string })._id,
      contactType: 'Buyer',
      type: 'listing',
      listing: listings[0]?._id,
      source: 'Website',
      leadType: 'Sale',
      referredBy: agentMember,
      enquiryMethod: 'Web Form',
      contactMethod: 'Phone',
      action: 'Requires call from agent',
      agent: agentMember,
      isManualAssignment: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const lead = created.body.data as { _id: string; leadID: string };
    // No reload: the count follows the server's stream.
    await expect.poll(async () => unreadOf(await bellLabel()), { timeout: 15_000 }).toBeGreaterThan(before);

    await page.getByTestId('notification-bell').click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    const entry = drawer.getByRole('link', { name: `Lead ${lead.leadID} was assigned to you` });
    await entry.waitFor();
    const findings = await seriousViolations(page, 'notification drawer');
    expect(findings, describeFindings(findings)).toEqual([]);
    const atClick = unreadOf(await bellLabel());
    // Opening it reads it.
    await entry.click();
    await page.waitForURL(`**/reports/leads/${lead._id}`);
    await expect.poll(async () => unreadOf(await bellLabel()), { timeout: 10_000 }).toBe(atClick - 1);
  });

  it('keeps the email settings chosen from the bell', async () => {
    await page.getByTestId('notification-bell').click();
    await page.getByRole('dialog', { name: 'Notifications' }).getByRole('link', { name: 'Email settings' }).click();
    await page.waitForURL('**/profile/notifications');
    const toggle = page.getByRole('switch', { name: 'Email: A lead entered the lead pool' });
    await toggle.waitFor();
    const was = await toggle.getAttribute('aria-checked');
    await toggle.click();
    await page.getByText('Notification settings saved').first().waitFor();
    await page.reload();
    await page.getByRole('switch', { name: 'Email: A lead entered the lead pool' }).waitFor();
    await expect(page.getByRole('switch', { name: 'Email: A lead entered the lead pool' }).getAttribute('aria-checked')).resolves.toBe(
      was === 'true' ? 'false' : 'true',
    );
  });

  it('lists an invitation mail in Admin > Notification Logs, with its kind and status', async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const role = (await (await fetch(`${baseUrl}/api/user-roles?filter=${encodeURIComponent('{"limit":1}')}`, { headers })).json()) as {
      data: { _id: string }[];
    };
    const email = `e2e-mail-${Date.now()}@example.com`;
    const invited = await fetch(`${baseUrl}/api/users/invite`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, fullName: 'Mail Log', role: role.data[0]?._id, assets: [] }),
    });
    expect(invited.status).toBe(201);
    const context = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 }, locale: 'en-US' });
    const admin = await context.newPage();
    try {
      await login(admin, 'admin@example.com');
      await admin.goto('/admin/notification-logs?refresh=1');
      await admin.getByRole('heading', { name: 'Notification Logs' }).waitFor();
      const row = admin.getByTestId('notificationLogs-table').locator('tr.ant-table-row', { hasText: email });
      await row.waitFor();
      // Without SMTP the e2e server writes mails to its outbox: sent.
      await expect(row.textContent()).resolves.toMatch(/invite.*sent/);
      const findings = await seriousViolations(admin, 'notification logs');
      expect(findings, describeFindings(findings)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
