import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { pngOf } from './support/files.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';

// The Developers screens on the web kit: a developer created with a logo uploaded through the file picker, seen in the
// list and on their page (the logo really loads), edited, and a website that is no web address refused in the
// browser; a seeded developer's page lists their projects.

interface DeveloperRecord {
  _id: string;
  name: string;
  website: string | null;
  description: string | null;
  logo: string | null;
  logoUrl: string | null;
}

/** The antd form item whose label reads `label`. */
function formItem(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .last();
}

const LOGO = 'e2e-developer-logo.png';

describe('developers', () => {
  let session: BrowserSession;
  let page: Page;
  let folder: string;
  let api: <T>(path: string) => Promise<T>;
  const unique = String(Date.now()).slice(-6);
  const name = `Azure Bay Developments ${unique}`;
  const renamed = `Azure Bay Holdings ${unique}`;
  let createdId = '';

  const picker = () => page.getByRole('dialog', { name: MESSAGES.upload.pickerTitle });
  const imageLoaded = (selector: string) =>
    page.waitForFunction((css) => {
      const image = document.querySelector(css);
      return image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0;
    }, selector);

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async <T>(apiPath: string) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    folder = await mkdtemp(path.join(tmpdir(), 'crm-e2e-developers-'));
    await writeFile(path.join(folder, LOGO), pngOf(300, 200));
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => {
    await session?.close();
    await rm(folder, { recursive: true, force: true });
  });

  const byName = (developerName: string) =>
    api<{ data: DeveloperRecord[] }>(
      `properties/developers?filter=${encodeURIComponent(JSON.stringify({ query: { name: developerName } }))}`,
    );

  it("lists the asset's developers by name", async () => {
    await page.goto('/properties/developers?refresh=1');
    await page.getByRole('heading', { name: 'Developers' }).waitFor();
    const table = page.getByTestId('developers-table');
    await table.getByRole('link', { name: 'Emaar Properties', exact: true }).waitFor();
    const headers = (await table.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    for (const title of ['Logo', 'Name', 'Website', 'Created At', 'Actions']) expect(headers).toContain(title);
  });

  it('refuses a website that is no web address, in the browser, and stores nothing', async () => {
    await page.getByRole('link', { name: 'Add Developer' }).click();
    await page.waitForURL(/\/properties\/developers\/create/);
    await page.getByRole('heading', { name: 'Add New Developer' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await formItem(page, 'Name').getByText('Name is required.').waitFor();
    let posts = 0;
    const count = (request: { method: () => string; url: () => string }) =>
      void (request.method() === 'POST' && request.url().includes('developers') && posts++);
    page.on('request', count);
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Website').fill('www.azure-bay');
    await page.getByRole('button', { name: 'Save' }).click();
    await formItem(page, 'Website').getByText(MESSAGES.record.invalidUrl('Website')).waitFor();
    page.off('request', count);
    expect(posts).toBe(0);
    expect((await byName(name)).data).toHaveLength(0);
  });

  it('creates a developer with a logo uploaded through the picker, then shows the logo on their page', async () => {
    await page.getByLabel('Website').fill('https://azure-bay.example.com');
    await page.getByLabel('Description').fill('Waterfront towers.\nFamily villas.');
    // The form's label names the picker's 'Select file' button.
    await page.getByRole('button', { name: 'Logo' }).click();
    await picker().waitFor();
    await picker().getByRole('tab', { name: MESSAGES.upload.uploadNewFile }).click();
    await picker().locator('input[type=file]').setInputFiles(path.join(folder, LOGO));
    await picker().waitFor({ state: 'hidden' });
    await formItem(page, 'Logo').getByText(LOGO, { exact: true }).waitFor();
    await formItem(page, 'Logo').locator('img').waitFor();

    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/properties\/developers\/[0-9a-f-]{36}\?ref=/, { timeout: 20_000 });
    await expect.poll(() => toastsSeen(page)).toContain('Developer has been added successfully');
    createdId = /\/properties\/developers\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    await page.getByRole('heading', { name }).waitFor();
    const detail = page.getByTestId('developers-detail');
    await detail.getByRole('img', { name: MESSAGES.developer.logoAlt(name) }).waitFor();
    await imageLoaded(`[data-testid="developers-detail"] img[alt="${MESSAGES.developer.logoAlt(name)}"]`);
    await detail.getByRole('link', { name: 'https://azure-bay.example.com' }).waitFor();

    const [stored] = (await byName(name)).data;
    expect(stored).toMatchObject({
      _id: createdId,
      website: 'https://azure-bay.example.com',
      description: 'Waterfront towers.\nFamily villas.',
    });
    expect(stored?.logo).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored?.logoUrl).toMatch(/^\/api\/storage\/files\//);
  });

  it('shows the new developer and their logo in the list', async () => {
    await page.goto('/properties/developers?refresh=1');
    // Typed once the list has started afresh (refresh clears a cached search).
    await page.getByTestId('developers-table').locator('tr.ant-table-row').first().waitFor();
    await page.getByTestId('list-search').locator('input').fill(unique);
    const row = page.getByTestId('developers-table').locator('tr.ant-table-row', { hasText: name });
    await row.waitFor();
    // The search applies once typing stops.
    await expect.poll(() => page.getByTestId('developers-table').locator('tr.ant-table-row').count(), { timeout: 15_000 }).toBe(1);
    await row.getByRole('img', { name: MESSAGES.developer.logoAlt(name) }).waitFor();
    await imageLoaded(`[data-testid="developers-table"] img[alt="${MESSAGES.developer.logoAlt(name)}"]`);
  });

  it('edits the developer: the form reads them back, and a new name is saved', async () => {
    await page.getByRole('link', { name: `Edit developer ${name}` }).click();
    await page.waitForURL(new RegExp(`/properties/developers/${createdId}/update`));
    await page.getByRole('heading', { name: 'Update Developer' }).waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe(name);
    await formItem(page, 'Logo').getByText(LOGO, { exact: true }).waitFor();
    await page.getByLabel('Name').fill(renamed);
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastsSeen(page), { timeout: 20_000 }).toContain('Developer has been updated successfully');
    await page.waitForURL((url) => url.pathname === '/properties/developers');
    await page.getByTestId('developers-table').getByRole('link', { name: renamed, exact: true }).waitFor();
    const [stored] = (await byName(renamed)).data;
    expect(stored?._id).toBe(createdId);
    expect(stored?.logo).toMatch(/^[0-9a-f-]{36}$/);
    // The developer's page lists the rename in its history, before and after.
    await page.goto(`/properties/developers/${createdId}`);
    const history = page.getByTestId('record-history');
    await history.locator('tr.ant-table-row').filter({ hasText: 'Updated' }).filter({ hasText: renamed }).first().waitFor();
    await history.locator('tr.ant-table-row').filter({ hasText: 'Created' }).first().waitFor();
  });

  it("shows a developer's projects on their page", async () => {
    const [emaar] = (await byName('Emaar Properties')).data;
    if (!emaar) throw new Error('the demo data has Emaar Properties');
    const projects = await api<{ data: { name: string }[] }>(
      `properties/projects?filter=${encodeURIComponent(JSON.stringify({ query: { developer: emaar._id }, select: ['name'] }))}`,
    );
    expect(projects.data.length).toBeGreaterThan(0);
    await page.goto(`/properties/developers/${emaar._id}`);
    await page.getByRole('heading', { name: 'Emaar Properties' }).waitFor();
    const table = page.getByTestId('developer-projects-table');
    for (const project of projects.data) await table.getByRole('link', { name: project.name, exact: true }).waitFor();
    // No logo: the initial stands in, read as 'No logo'.
    await page.getByTestId('developers-detail').getByRole('img', { name: MESSAGES.developer.noLogo }).waitFor();
  });
});
