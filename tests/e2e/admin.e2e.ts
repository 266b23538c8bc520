import { ADMIN_MESSAGES } from '@crm/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { login } from './support/staff.js';

// Admin > User Roles and Users as the seeded admin uses them: a role made in the permission matrix, a user invited
// with it, and the invited user following the link in a browser of their own: they choose a password, are signed in
// and see only the menu their role allows.

/** Chooses `option` in the antd select named `label` inside `scope`. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
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
    session = await openBrowser(inject('chromiumPath'), inject('baseUrl'));
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
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: ADMIN_MESSAGES.user.invite }).click();
    const shown = page.getByTestId('user-link');
    await shown.waitFor();
    link = ((await shown.textContent()) ?? '').trim();
    expect(link).toContain('/auth/accept-invite?token=');
    await page.getByRole('dialog', { name: ADMIN_MESSAGES.user.invited }).getByRole('button', { name: 'OK' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
  });

  it('the invited user follows the link, chooses a password, is signed in and sees only the permitted menu', async () => {
    invitee = await session.browser.newContext({ baseURL: inject('baseUrl'), viewport: { width: 1400, height: 900 }, locale: 'en-US' });
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
    await menu.getByText('CRM', { exact: true }).first().waitFor();
    for (const group of ['Home', 'CRM', 'FAQs', 'Profile']) {
      await expect(menu.getByText(group, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    for (const hidden of ['Admin', 'Teams', 'Settings', 'Media']) {
      await expect(menu.getByText(hidden, { exact: true }).count()).resolves.toBe(0);
    }
    await menu.getByText('CRM', { exact: true }).first().click();
    await menu.getByText('Customers', { exact: true }).first().waitFor();
    await expect(menu.getByText('Leads', { exact: true }).count()).resolves.toBe(0);

    // A screen the role does not carry is refused by the route guard.
    await user.goto('/admin/users');
    await user.waitForURL((url) => url.pathname === '/dashboard');
  });
});
