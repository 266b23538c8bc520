import { readFile } from 'node:fs/promises';
import { ADMIN_MESSAGES, PERMISSIONS } from '@crm/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { chooseOption } from './support/select.js';

// Admin > User Roles and Users as the seeded admin uses them: a role made in the permission matrix, a user invited
// with it, and the invited user following the link in a browser of their own: they choose a password, are signed in
// and see only the menu their role allows, also after signing out and in again through the login form. Then a user
// created with a password (the browser refusing a guessable one first), the users' access logs with their filters
// and export, and a role losing the Leads report while its user is signed in.

/** Signs in through the login form with a password of the user's own. */
async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
}

/** The side menu's groups: those shown and those absent. */
async function expectMenu(page: Page, shown: readonly string[], hidden: readonly string[]) {
  const menu = page.getByRole('menu').first();
  await menu
    .getByText(shown[0] ?? 'Home', { exact: true })
    .first()
    .waitFor();
  for (const group of shown) await expect(menu.getByText(group, { exact: true }).first().isVisible()).resolves.toBe(true);
  for (const group of hidden) await expect(menu.getByText(group, { exact: true }).count()).resolves.toBe(0);
}

/** Chooses `option` in the antd select named `label` inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['locator']>, label: string, option: string) {
  await chooseOption(page, scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) }), option, {
    exact: false,
  });
}

describe('admin: roles, invitations and what an invited user sees', () => {
  let session: BrowserSession;
  let page: Page;
  let invitee: BrowserContext | null = null;
  const unique = String(Date.now()).slice(-6);
  const roleName = `Content Editor ${unique}`;
  const email = `e2e-invite-${unique}@example.com`;
  let link = '';

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => {
    await invitee?.close();
    await session?.close();
  });

  it('makes a role in the permission matrix, grouped as the menu', async () => {
    await page.goto('/admin/user-roles?refresh=1');
    await page.getByRole('heading', { name: 'User Roles' }).waitFor();
    await page.getByRole('button', { name: 'Add Role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Role' });
    await dialog.getByLabel('Name').waitFor();
    await page.waitForTimeout(300);
    const matrixFindings = await seriousViolations(page, 'role matrix');
    expect(matrixFindings, describeFindings(matrixFindings)).toEqual([]);
    await dialog.getByLabel('Name').fill(roleName);
    const faqs = dialog.getByRole('group', { name: 'FAQs' });
    await faqs.getByLabel('Faqs view').check();
    await dialog.getByRole('group', { name: 'CRM' }).getByLabel('Customers view').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: roleName, exact: true }).waitFor();
  });

  it('invites a user with that role and shows the single-use link to copy', async () => {
    await page.goto('/admin/users?refresh=1');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: ADMIN_MESSAGES.user.invite }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_MESSAGES.user.invite });
    await dialog.getByLabel('Email').waitFor();
    await page.waitForTimeout(300);
    const inviteFindings = await seriousViolations(page, 'invite user');
    expect(inviteFindings, describeFindings(inviteFindings)).toEqual([]);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Full Name').fill(`Invited ${unique}`);
    await pick(page, dialog, 'Role', roleName);
    await pick(page, dialog, 'Assets', 'Dubai');
    await dialog.getByRole('button', { name: ADMIN_MESSAGES.user.invite }).click();
    const shown = page.getByTestId('user-link');
    await shown.waitFor();
    link = ((await shown.textContent()) ?? '').trim();
    expect(link).toContain('/auth/accept-invite?token=');
    await page.getByRole('dialog', { name: ADMIN_MESSAGES.user.invited }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
  });

  it('the invited user follows the link, chooses a password, is signed in and sees only the permitted menu', async () => {
    invitee = await session.browser.newContext({ baseURL: e2eServer().baseUrl, viewport: { width: 1400, height: 900 }, locale: 'en-US' });
    const user = await invitee.newPage();
    await user.goto(link);
    await user.getByRole('heading', { name: ADMIN_MESSAGES.invite.title }).waitFor();
    const findings = await seriousViolations(user, 'accept invitation');
    expect(findings, describeFindings(findings)).toEqual([]);
    await user.getByLabel('Password', { exact: true }).fill('Invited-Passw0rd!');
    await user.getByLabel('Confirm Password').fill('Invited-Passw0rd!');
    await user.getByRole('button', { name: ADMIN_MESSAGES.invite.submit }).click();
    await user.waitForURL((url) => url.pathname === '/dashboard');

    const menu = user.getByRole('menu').first();
    await expectMenu(user, ['Home', 'CRM', 'FAQs', 'Profile'], ['Admin', 'Teams', 'Settings', 'Media']);
    await menu.getByText('CRM', { exact: true }).first().click();
    await menu.getByText('Customers', { exact: true }).first().waitFor();
    await expect(menu.getByText('Leads', { exact: true }).count()).resolves.toBe(0);

    // A screen the role does not carry is refused by the route guard.
    await user.goto('/admin/users');
    await user.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('the invited user signs out, signs in again through the login form and sees only the permitted menu', async () => {
    const user = invitee?.pages()[0];
    if (!user) throw new Error('the invited user has a page open');
    const menu = user.getByRole('menu').first();
    await menu.getByText('Profile', { exact: true }).first().click();
    await menu.getByText('Logout', { exact: true }).click();
    await user.waitForURL(/\/auth/);
    await signIn(user, email, 'Invited-Passw0rd!');
    await expectMenu(user, ['Home', 'CRM', 'FAQs', 'Profile'], ['Admin', 'Teams', 'Settings', 'Media']);
    await menu.getByText('CRM', { exact: true }).first().click();
    await menu.getByText('Customers', { exact: true }).first().waitFor();
    await expect(menu.getByText('Leads', { exact: true }).count()).resolves.toBe(0);
  });

  it('creates a user with a password; the browser refuses a guessable one before asking the server', async () => {
    const created = `e2e-create-${unique}@example.com`;
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('users.createWithPassword')) asked.push(request.url());
    });
    await page.goto('/admin/users?refresh=1');
    await page.getByRole('heading', { name: 'Users' }).waitFor();
    await page.getByRole('button', { name: ADMIN_MESSAGES.user.create }).click();
    const dialog = page.getByRole('dialog', { name: ADMIN_MESSAGES.user.create });
    await dialog.getByLabel('Email').waitFor();
    await page.waitForTimeout(300);
    const findings = await seriousViolations(page, 'create user');
    expect(findings, describeFindings(findings)).toEqual([]);
    await dialog.getByLabel('Email').fill(created);
    await dialog.getByLabel('Full Name').fill(`Created ${unique}`);
    await pick(page, dialog, 'Role', roleName);
    await pick(page, dialog, 'Assets', 'Dubai');
    await dialog.getByLabel('Initial Password').fill('Password123!');
    await dialog.getByRole('button', { name: ADMIN_MESSAGES.user.create }).click();
    await dialog.getByText(ADMIN_MESSAGES.settings.passwordWeak).waitFor();
    expect(asked).toEqual([]);
    await dialog.getByLabel('Initial Password').fill('Harbour-Lantern-58');
    await dialog.getByRole('button', { name: ADMIN_MESSAGES.user.create }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('cell', { name: created, exact: true }).waitFor();
    expect(asked).toHaveLength(1);
  });

  it('lists the users’ access logs, filtered by user, event, outcome and IP, and exports them', async () => {
    await page.goto('/admin/users-access-logs?refresh=1');
    await page.getByRole('heading', { name: 'Users Access Logs' }).waitFor();
    const table = page.getByTestId('accessLogs-table');
    await table.locator('tr.ant-table-row').first().waitFor();
    await page.waitForTimeout(300);
    const findings = await seriousViolations(page, 'users access logs');
    expect(findings, describeFindings(findings)).toEqual([]);

    const column = (title: string) =>
      page.evaluate((name) => {
        const root = document.querySelector('[data-testid="accessLogs-table"]');
        const headers = [...(root?.querySelectorAll('.ant-table-thead th') ?? [])].map((th) => th.textContent?.trim());
        const index = headers.indexOf(name);
        return [...(root?.querySelectorAll('.ant-table-tbody tr.ant-table-row') ?? [])].map(
          (tr) => tr.querySelectorAll('td')[index]?.textContent?.trim() ?? '',
        );
      }, title);
    const emails = () => column('Email');
    await chooseOption(
      page,
      page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'User' }) }),
      `Invited ${unique}`,
      {
        search: `Invited ${unique}`,
        exact: false,
      },
    );
    // The invited user accepted the link (a reset-password and a login), signed out, and signed in with the form.
    await expect.poll(async () => new Set(await emails()), { timeout: 10_000 }).toEqual(new Set([email]));
    await pick(page, page.locator('body'), 'Event', 'login');
    await pick(page, page.locator('body'), 'Outcome', 'Yes');
    await expect.poll(async () => (await emails()).length, { timeout: 10_000 }).toBe(2);
    const ip = (await column('IP'))[0] ?? '';
    expect(ip).not.toBe('');
    await page.getByLabel('IP').fill(ip.slice(0, 5));
    await expect.poll(async () => (await emails()).length, { timeout: 10_000 }).toBe(2);
    await page.getByLabel('IP').fill('203.0.113.250');
    await page.getByText('No access logs found').first().waitFor();
    await page.getByLabel('IP').fill('');
    await expect.poll(async () => (await emails()).length, { timeout: 10_000 }).toBe(2);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByTestId('accessLogs-export').click();
        await page.locator('.ant-dropdown:visible').getByText('CSV', { exact: true }).click();
      })(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const [header = '', ...rows] = csv.trim().split(/\r?\n/);
    expect(header).toContain('Email');
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.includes(email))).toBe(true);
  });

  it('a role losing the Leads report: its signed-in user is refused at the next navigation and the entry leaves the menu', async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    const api = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const json = (await res.json()) as { data: Record<string, unknown> };
      expect(res.status, JSON.stringify(json)).toBeLessThan(300);
      return json.data;
    };
    const name = `Report Reader ${unique}`;
    const role = await api('POST', 'user-roles/create', { name, permissions: [PERMISSIONS.LEADS_REPORT_VIEW, PERMISSIONS.CUSTOMERS_VIEW] });
    const asset = ((await api('GET', 'profile')).activeAsset as { _id: string })._id;
    const readerEmail = `e2e-reader-${unique}@example.com`;
    await api('POST', 'users/create', {
      email: readerEmail,
      fullName: `Reader ${unique}`,
      role: role._id,
      assets: [asset],
      password: 'Harbour-Lantern-58',
    });

    const reader = await session.browser.newContext({ baseURL: baseUrl, viewport: { width: 1400, height: 900 }, locale: 'en-US' });
    try {
      const user = await reader.newPage();
      await signIn(user, readerEmail, 'Harbour-Lantern-58');
      const menu = user.getByRole('menu').first();
      await menu.getByText('CRM', { exact: true }).first().click();
      const entry = menu.getByRole('menuitem', { name: 'Leads', exact: true });
      await entry.waitFor();

      await api('PATCH', `user-roles/${String(role._id)}/matrix`, { name, permissions: [PERMISSIONS.CUSTOMERS_VIEW] });
      // No reload: the next navigation asks the server, which refuses; the profile is read again.
      await entry.click();
      await user.waitForURL((url) => url.pathname === '/forbidden');
      await expect.poll(() => menu.getByRole('menuitem', { name: 'Leads', exact: true }).count(), { timeout: 10_000 }).toBe(0);
      await menu.getByText('Customers', { exact: true }).first().waitFor();
    } finally {
      await reader.close();
    }
  });
});
