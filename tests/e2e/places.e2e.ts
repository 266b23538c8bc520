import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { chooseOption } from './support/select.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';

// Settings > Locations: the company's seeded emirates, cities and Dubai communities; an admin adds a community under
// Dubai in the kit's drawer (axe-clean list and drawer), and the lead form's lookups offer it at once.

describe('Locations', () => {
  let session: BrowserSession;
  let page: Page;
  let api: <T>(path: string) => Promise<T>;
  const community = `Dubai Islands ${String(Date.now()).slice(-6)}`;

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async <T>(apiPath: string) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('lists the seeded places, axe-clean', async () => {
    await page.goto('/settings/locations?refresh=1');
    await page.getByRole('heading', { name: 'Locations' }).waitFor();
    const table = page.getByTestId('places-table');
    await table.getByText('Abu Dhabi', { exact: true }).first().waitFor();
    await page.waitForTimeout(300);
    const listFindings = await seriousViolations(page, 'locations list');
    expect(listFindings, describeFindings(listFindings)).toEqual([]);
    await page.getByRole('searchbox').fill('Palm Jumeirah');
    await table.getByText('Palm Jumeirah', { exact: true }).waitFor();
    await table.getByText('Dubai', { exact: true }).first().waitFor();
    // With text in it the search box shows its clear button, which needs a 24 px target too.
    const searchFindings = await seriousViolations(page, 'locations list searched');
    expect(searchFindings, describeFindings(searchFindings)).toEqual([]);
    await page.getByRole('searchbox').fill('');
    await table.getByText('Abu Dhabi', { exact: true }).first().waitFor();
  });

  it('adds a community under Dubai in the drawer, after the parent it needs; the lookups offer it', async () => {
    await page.getByRole('button', { name: 'Add place' }).click();
    const form = page.getByRole('dialog', { name: 'Add New place' });
    await form.getByLabel('Name', { exact: true }).fill(community);
    await page.waitForTimeout(300);
    const drawerFindings = await seriousViolations(page, 'add place drawer');
    expect(drawerFindings, describeFindings(drawerFindings)).toEqual([]);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('A community needs its city.').waitFor();
    // The search answers as it is typed: the pick is checked on the field, and the list closed, before saving.
    await chooseOption(page, form.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: 'Parent' }) }), 'Dubai', {
      search: 'Dubai',
    });
    await recordToasts(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => toastsSeen(page)).toContain('Place has been added successfully');

    const locations = await api<{ data: string[] }>('properties/listings/locations?city=dubai');
    expect(locations.data).toContain(community);
    const communities = await api<{ data: string[] }>('properties/listings/communities?city=Dubai');
    expect(communities.data).toContain(community);
  }, 120_000);
});
