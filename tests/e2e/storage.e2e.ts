import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@crm/domain';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { pngOf } from './support/files.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';
import { chooseOption } from './support/select.js';

// The Storage screen and the file picker (docs/product.md 'File picker and uploads'), as a librarian uses them:
// upload through the picker, see the card's thumbnail, search, choose a file in the picker by keyboard, hide it,
// remove it. Files are real: a PNG written by the test, decoded by the server into its thumbnail.

const LOGO = 'e2e-marina-logo.png';
const BROCHURE = 'e2e-tower-brochure.pdf';
const RENAMED = 'Tower brochure 2026.pdf';
const AVATAR = 'e2e-customer-avatar.png';

describe('the Storage screen and the file picker', () => {
  let session: BrowserSession;
  let page: Page;
  let folder: string;
  const fileAt = (name: string) => path.join(folder, name);
  const dialog = () => page.getByRole('dialog', { name: MESSAGES.upload.pickerTitle });
  const card = (name: string) => page.getByRole('button', { name: MESSAGES.upload.choose(name) });
  // Files other test files put in the same asset before this one ran: the usage line counts from them.
  let filesBefore = 0;
  const usageOf = (files: number) => page.getByText(new RegExp(` in ${files} files?$`));

  async function uploadThroughPicker(name: string) {
    await page.getByRole('button', { name: MESSAGES.storage.upload, exact: true }).click();
    await dialog().waitFor();
    await expect(dialog().getByRole('tab', { name: MESSAGES.upload.uploadNewFile }).getAttribute('aria-selected')).resolves.toBe('true');
    await dialog().locator('input[type=file]').setInputFiles(fileAt(name));
    // On success the file is emitted and the picker closes; the screen shows the file's details.
    await dialog().waitFor({ state: 'hidden' });
    const details = page.getByRole('dialog', { name: MESSAGES.storage.details });
    await details.getByText(name, { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'hidden' });
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'crm-e2e-files-'));
    await writeFile(fileAt(LOGO), pngOf(640, 480));
    await writeFile(fileAt(BROCHURE), Buffer.from('%PDF-1.4\n% brochure\n'));
    await writeFile(fileAt(AVATAR), pngOf(200, 200));
    await writeFile(fileAt('notes.txt'), 'plain text');
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
    await page.goto('/storage');
    await page.getByRole('heading', { name: MESSAGES.storage.title }).waitFor();
    const usage = page.getByText(/ in \d+ files?$/);
    await usage.waitFor();
    filesBefore = Number(/ in (\d+) files?$/.exec((await usage.textContent()) ?? '')?.[1] ?? 0);
    await recordToasts(page);
  });
  afterAll(async () => {
    await session?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('uploads an image through the picker and shows its card with the thumbnail', async () => {
    await uploadThroughPicker(LOGO);
    expect(await toastsSeen(page)).toContain(MESSAGES.storage.uploaded(LOGO));
    const image = card(LOGO).locator('img');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^\/api\/storage\/files\/[\w-]+\/thumbnail\?token=[\w-]+$/);
    // The thumbnail really loaded, and it is the small one (640x480 fits 320x240), not the original.
    await page.waitForFunction(
      (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
      await image.elementHandle(),
    );
    const size = await image.evaluate((element) =>
      element instanceof HTMLImageElement ? [element.naturalWidth, element.naturalHeight] : [],
    );
    expect(size).toEqual([320, 240]);
    await usageOf(filesBefore + 1).waitFor();
  });

  it('refuses a wrong type in the browser, before any request', async () => {
    await page.getByRole('button', { name: MESSAGES.storage.upload, exact: true }).click();
    let uploads = 0;
    const count = (request: { url: () => string }) => void (request.url().includes('/api/storage/upload') && uploads++);
    page.on('request', count);
    await dialog().locator('input[type=file]').setInputFiles(fileAt('notes.txt'));
    await dialog().getByText(MESSAGES.upload.documentTypes).waitFor();
    page.off('request', count);
    expect(uploads).toBe(0);
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
  });

  it('searches the grid by keyword', async () => {
    await uploadThroughPicker(BROCHURE);
    await card(BROCHURE).waitFor();
    await page.getByRole('textbox', { name: MESSAGES.upload.searchLabel }).fill('marina');
    await card(BROCHURE).waitFor({ state: 'detached' });
    await expect(card(LOGO).count()).resolves.toBe(1);
    await page.getByRole('textbox', { name: MESSAGES.upload.searchLabel }).fill('');
    await card(BROCHURE).waitFor();
  });

  it('chooses a file in the picker with the keyboard; Escape closes it and gives the focus back', async () => {
    const opener = page.getByRole('button', { name: MESSAGES.upload.selectFromStorage });
    await opener.click();
    await dialog().waitFor();
    // The search box has the focus; the picker finds the file by its name.
    await page.keyboard.type('brochure');
    await dialog()
      .getByRole('button', { name: MESSAGES.upload.choose(LOGO) })
      .waitFor({ state: 'detached' });
    const choice = dialog().getByRole('button', { name: MESSAGES.upload.choose(BROCHURE) });
    await choice.focus();
    await page.keyboard.press('Enter');
    await dialog().waitFor({ state: 'hidden' });
    const details = page.getByRole('dialog', { name: MESSAGES.storage.details });
    await details.getByText(BROCHURE, { exact: true }).waitFor();
    await details.getByRole('button', { name: 'Close' }).click();

    await opener.click();
    await dialog().waitFor();
    // The focus stays inside the picker, however far the keyboard goes.
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press(step % 3 === 2 ? 'Shift+Tab' : 'Tab');
      const inside = await page.evaluate(() => Boolean(document.activeElement?.closest('.ant-modal-wrap, .ant-modal')));
      expect(inside, `focus left the picker after ${step + 1} presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await expect(opener.evaluate((element) => element === document.activeElement)).resolves.toBe(true);
  });

  it('renames and re-categorises a file, then filters by its category', async () => {
    await page.getByRole('button', { name: MESSAGES.storage.edit(BROCHURE) }).click();
    const form = page.getByRole('dialog', { name: MESSAGES.storage.editTitle });
    await form.getByLabel(MESSAGES.storage.nameLabel).fill('');
    await form.getByRole('button', { name: MESSAGES.storage.save }).click();
    await form.getByText(MESSAGES.record.required('Name')).waitFor();
    await form.getByLabel(MESSAGES.storage.nameLabel).fill(RENAMED);
    await form.getByLabel(MESSAGES.storage.categoryLabel).fill('brochures');
    await form.getByRole('button', { name: MESSAGES.storage.save }).click();
    await form.waitFor({ state: 'hidden' });
    await card(RENAMED).waitFor();

    await chooseOption(
      page,
      page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: MESSAGES.storage.categoryFilter }) }),
      'brochures',
      { exact: false },
    );
    await card(LOGO).waitFor({ state: 'detached' });
    await expect(card(RENAMED).count()).resolves.toBe(1);
    // Cleared: every category again.
    await page.locator('.ant-select').filter({ hasText: 'brochures' }).hover();
    await page.locator('.ant-select-clear').click();
    await card(LOGO).waitFor();
  });

  it('hides a file, shows it with the hidden files, and removes it with its thumbnail', async () => {
    const thumbnail = await card(LOGO).locator('img').getAttribute('src');
    await page.getByRole('button', { name: MESSAGES.storage.hide(LOGO) }).click();
    await card(LOGO).waitFor({ state: 'detached' });
    await page.getByLabel(MESSAGES.storage.showHidden).click();
    await card(LOGO).waitFor();
    await page.getByRole('button', { name: MESSAGES.storage.unhide(LOGO) }).waitFor();

    await page.getByRole('button', { name: MESSAGES.storage.remove(LOGO) }).click();
    await page.getByText(MESSAGES.delete.confirm('file')).waitFor();
    await page.getByRole('button', { name: MESSAGES.common.yes, exact: true }).click();
    await card(LOGO).waitFor({ state: 'detached' });
    await usageOf(filesBefore + 1).waitFor();
    expect(await toastsSeen(page)).toContain(MESSAGES.delete.success('file'));
    // Past the browser's own copy (the url is cacheable for an hour), the server no longer has it.
    const gone = await page.evaluate(async (url) => (await fetch(url ?? '', { cache: 'no-store' })).status, thumbnail);
    expect(gone).toBe(404);
  });

  it('shows the files as a list, kept after a reload, and a customer takes one as their picture through the picker', async () => {
    await uploadThroughPicker(AVATAR);
    // antd draws the radios as buttons: the label is what a user clicks.
    const views = page.getByRole('radiogroup', { name: MESSAGES.storage.viewLabel });
    await views.getByText(MESSAGES.storage.listView, { exact: true }).click();
    await page.waitForURL(/[?&]view=list/);
    const table = page.getByTestId('storage-table');
    const row = table.locator('tr.ant-table-row', { hasText: AVATAR });
    await row.waitFor();
    const headers = (await table.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    for (const title of ['Name', 'Type', 'Size', 'Uploaded At', 'Actions']) expect(headers).toContain(title);
    await row.getByRole('button', { name: MESSAGES.storage.edit(AVATAR) }).waitFor();
    // The list is remembered: the screen opened afresh (no `view` in the URL) shows it again.
    await page.goto('/storage');
    await table.locator('tr.ant-table-row', { hasText: AVATAR }).waitFor();
    await expect(page.getByRole('radio', { name: MESSAGES.storage.listView }).isChecked()).resolves.toBe(true);
    // The grid is one click away.
    await views.getByText(MESSAGES.storage.gridView, { exact: true }).click();
    await card(AVATAR).waitFor();

    await page.goto('/customers?refresh=1');
    await page.getByTestId('customers-table').locator('.ant-table-row').first().waitFor();
    await page
      .getByTestId('customers-table')
      .getByRole('link', { name: /^Edit customer / })
      .first()
      .click();
    await page.waitForURL(/\/customers\/[0-9a-f-]{36}\/update/);
    const customerId = /\/customers\/([0-9a-f-]{36})\/update/.exec(page.url())?.[1] ?? '';
    await expect.poll(() => page.getByLabel('First Name').inputValue()).not.toBe('');
    // The form's label names the picker's 'Select file' button.
    await page.getByRole('button', { name: 'Profile Picture' }).click();
    await dialog().waitFor();
    await page.keyboard.type('avatar');
    await dialog()
      .getByRole('button', { name: MESSAGES.upload.choose(AVATAR) })
      .click();
    await dialog().waitFor({ state: 'hidden' });
    await page.getByText(AVATAR, { exact: true }).waitFor();
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => toastsSeen(page), { timeout: 20_000 }).toContain('Customer has been updated successfully');

    // Read afresh: the form shows the chosen picture by its name, and the customer keeps it.
    await page.goto(`/customers/${customerId}/update?refresh=1`);
    await page.getByText(AVATAR, { exact: true }).waitFor();
    await page.getByRole('button', { name: MESSAGES.storage.removeFile }).waitFor();
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    const get = async <T>(path: string) =>
      (await (await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: T };
    const files = await get<{ _id: string }[]>(`storage?filter=${encodeURIComponent(JSON.stringify({ query: { name: AVATAR } }))}`);
    const customer = await get<{ avatar: string | null }>(`customers/${customerId}`);
    expect(customer.data.avatar).toBe(files.data[0]?._id);
  });
});
