import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { apiToken, login } from './support/staff.js';

// The team screens: a manager selects two members on /teams/members, disables them with the bulk action, and
// finds them no longer choosable in the lead form's agent list (disabled agents are shown but cannot be picked).

const MEMBERS = ['Ravi Menon', 'Elena Petrova'];

describe('team members', () => {
  let session: BrowserSession;
  let page: Page;
  let ids: string[] = [];
  let api: (path: string, init?: RequestInit) => Promise<Response>;

  beforeAll(async () => {
    const baseUrl = inject('baseUrl');
    const token = await apiToken(baseUrl, 'manager@example.com');
    api = (path, init = {}) =>
      fetch(`${baseUrl}/api/${path}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
    const filter = { query: { name: { $in: MEMBERS } }, select: ['name'] };
    const res = await api(`teams/members?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    ids = ((await res.json()) as { data: { _id: string }[] }).data.map((m) => m._id);
    expect(ids).toHaveLength(2);
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'manager@example.com');
  });
  afterAll(async () => {
    // The demo team as it was, for the other browser tests.
    if (ids.length) await api('teams/members/bulk-update', { method: 'PATCH', body: JSON.stringify({ ids, changes: { enabled: true } }) });
    await session?.close();
  });

  it('a manager bulk-disables two members and they can no longer be chosen as the agent of a lead', async () => {
    await page.goto('/teams/members?refresh=1');
    await page.getByRole('heading', { name: 'Team Members' }).waitFor();
    const table = page.getByTestId('members-table');
    for (const name of MEMBERS) {
      await table.getByRole('link', { name, exact: true }).waitFor();
      await table.getByRole('checkbox', { name: new RegExp(name) }).check();
    }
    await page.getByRole('button', { name: 'Disable (2)' }).click();
    await page.getByText('2 team members updated').waitFor();

    const res = await api(
      `teams/members?filter=${encodeURIComponent(JSON.stringify({ query: { _id: { $in: ids } }, select: ['enabled'] }))}`,
    );
    expect(((await res.json()) as { data: { enabled: boolean }[] }).data.map((m) => m.enabled)).toEqual([false, false]);

    // The lead form: a general lead is assigned by hand; the two are not choosable any more, the others are.
    await page.goto('/leads/create');
    await page.getByRole('heading', { name: 'Create Lead' }).waitFor();
    await page.getByText('General', { exact: true }).click();
    const agent = page
      .locator('.ant-form-item')
      .filter({ has: page.locator('label[title="Agent"]') })
      .last();
    await agent.locator('.ant-select').first().click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.filter({ hasText: 'Aisha Khan' }).first().waitFor();
    await expect(options.filter({ hasText: 'Aisha Khan' }).first().getAttribute('aria-disabled')).resolves.not.toBe('true');
    for (const name of MEMBERS) {
      const option = options.filter({ hasText: name }).first();
      await option.waitFor();
      expect(await option.getAttribute('class')).toContain('ant-select-item-option-disabled');
    }
  });

  it("a member's page gives a one-time sign-in link: it signs in once, and is refused the second time", async () => {
    const filter = { query: { name: 'Aisha Khan' }, select: ['name'] };
    const res = await api(`teams/members?filter=${encodeURIComponent(JSON.stringify(filter))}`);
    const aisha = ((await res.json()) as { data: { _id: string }[] }).data[0];
    expect(aisha).toBeDefined();
    await page.goto(`/teams/members/${aisha?._id}`);
    await page.getByRole('heading', { name: 'Aisha Khan' }).waitFor();
    await page.getByRole('button', { name: 'Create sign-in link' }).click();
    const url = (await page.getByTestId('member-login-url').textContent()) ?? '';
    expect(url).toContain('/auth/member-link?token=');
    const findings = await seriousViolations(page, 'member page');
    expect(findings, describeFindings(findings)).toEqual([]);

    const link = new URL(url);
    const guest = await session.browser.newContext({ baseURL: inject('baseUrl') });
    const tab = await guest.newPage();
    await tab.goto(`${link.pathname}${link.search}`);
    await tab.getByRole('button', { name: 'Sign in' }).waitFor();
    const linkFindings = await seriousViolations(tab, 'sign-in link page');
    expect(linkFindings, describeFindings(linkFindings)).toEqual([]);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.waitForURL((address) => !address.pathname.startsWith('/auth'));

    const again = await session.browser.newContext({ baseURL: inject('baseUrl') });
    const second = await again.newPage();
    await second.goto(`${link.pathname}${link.search}`);
    await second.getByRole('button', { name: 'Sign in' }).click();
    await second.getByText('This sign-in link is invalid, expired or already used.').waitFor();
    await guest.close();
    await again.close();
  });

  it('the Brokers report lists every agent of the asset, sortable, over a date range', async () => {
    await page.goto('/reports/better-agent');
    await page.getByRole('heading', { name: 'Brokers' }).waitFor();
    const table = page.getByTestId('brokers-table');
    await table.getByText('Aisha Khan').first().waitFor();
    await table.getByRole('columnheader', { name: /Rating/ }).click();
    await page.getByTestId('filter-assignedAt-preset').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'This Year' }).first().click();
    await table.getByText('Aisha Khan').first().waitFor();
    // Settled before axe reads it: no spinner, no dropdown still fading out.
    await page.waitForFunction(
      () => !document.querySelector('.ant-spin-spinning, .ant-select-dropdown:not(.ant-select-dropdown-hidden)'),
      undefined,
      {
        timeout: 15_000,
      },
    );
    await page.waitForTimeout(300);
    const findings = await seriousViolations(page, 'Brokers report');
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
