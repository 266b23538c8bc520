import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { recordToasts, toastsSeen } from './support/toasts.js';

// The shell as the seeded admin uses it: sign in, see the menu, switch asset, sign out.
describe('web shell', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
  });
  afterAll(async () => session?.close());

  it('sends a visitor to the login page', async () => {
    await page.goto('/reports/leads');
    await page.waitForURL(/\/auth/);
    await page.getByLabel('Email').waitFor({ state: 'visible' });
  });

  it('shows the validation messages and refuses a wrong password', async () => {
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Email is required.').waitFor();
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password.').waitFor();
    expect(page.url()).toContain('/auth');
  });

  it('logs in as the seeded admin and shows the side menu', async () => {
    await page.getByLabel('Password').fill('Passw0rd!');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    const menu = page.getByRole('menu').first();
    await menu.waitFor();
    for (const group of ['Home', 'CRM', 'Teams', 'Admin', 'Profile']) {
      await expect(menu.getByText(group, { exact: true }).first().isVisible()).resolves.toBe(true);
    }
    // The CRM group may already be open (the login returns to /reports/leads): open it only when closed.
    const leads = menu.getByText('Leads', { exact: true }).first();
    if (!(await leads.isVisible())) await menu.getByText('CRM', { exact: true }).first().click();
    await leads.click();
    await page.waitForURL(/\/reports\/leads/);
  });

  it('filters the menu by search', async () => {
    const search = page.getByPlaceholder(/search/i).first();
    await search.fill('developers');
    const menu = page.getByRole('menu').first();
    await menu.getByText('Developers', { exact: true }).waitFor();
    await expect(menu.getByText('Listings', { exact: true }).count()).resolves.toBe(0);
    await search.fill('');
  });

  it('switches the active asset', async () => {
    const dropdown = page.getByTestId('asset-dropdown');
    const before = (await dropdown.textContent()) ?? '';
    const target = before.includes('Downtown Office') ? 'Dubai Marina Office' : 'Downtown Office';
    // Earlier notices (the first test's 'no permission' lives 3 s) gone first: nothing overlaps the header.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    await recordToasts(page);
    // Wait on the switch itself (the dropdown names the new asset), not on a transient message: a click that lands
    // while the menu is still opening is tried again.
    const switched = () =>
      page
        .waitForFunction((name) => document.querySelector('[data-testid="asset-dropdown"]')?.textContent?.includes(name), target, {
          timeout: 6_000,
        })
        .then(() => true)
        .catch(() => false);
    let done = false;
    for (let attempt = 0; attempt < 3 && !done; attempt++) {
      const item = page.getByRole('menuitem', { name: target });
      if (!(await item.isVisible())) await dropdown.click();
      await item.waitFor({ state: 'visible' });
      await item.click();
      done = await switched();
    }
    expect(done).toBe(true);
    // The loading message was shown while it switched (recorded as it appeared, however short it lived).
    expect(await toastsSeen(page)).toContain(`Switch Asset To ${target}...`);
    // The choice is the profile's: it survives a reload.
    await page.reload();
    await page.getByTestId('asset-dropdown').waitFor();
    await expect(page.getByTestId('asset-dropdown').textContent()).resolves.toContain(target);
  });

  it('logs out and cannot come back without signing in', async () => {
    const menu = page.getByRole('menu').first();
    await menu.getByText('Profile', { exact: true }).first().click();
    // Recorded as they appear: a short-lived 'Logout successfully' must not slip between two polls.
    await recordToasts(page);
    await menu.getByText('Logout', { exact: true }).click();
    await expect
      .poll(() => toastsSeen(page), { timeout: 15_000, message: `toasts seen, at ${page.url()}` })
      .toContain('Logout successfully');
    await page.waitForURL(/\/auth/);
    await page.goto('/dashboard');
    await page.waitForURL(/\/auth/);
  });
});
