import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { describe, expect, inject, it, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@crm/domain';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';

// The Storage screen and the file picker (docs/product.md 'File picker and uploads'), as a librarian uses them:
// upload through the picker, see the card's thumbnail, search, choose a file in the picker by keyboard, hide it,
// remove it. Files are real: a PNG written by the test, decoded by the server into its thumbnail.

/** A real RGB PNG of `width` x `height` (a colour gradient), written without an image library. */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 160], y * (width * 3 + 1) + 1 + x * 3);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const LOGO = 'e2e-marina-logo.png';
const BROCHURE = 'e2e-tower-brochure.pdf';
const RENAMED = 'Tower brochure 2026.pdf';

describe('the Storage screen and the file picker', () => {
  let session: BrowserSession;
  let page: Page;
  let folder: string;
  const fileAt = (name: string) => path.join(folder, name);
  const dialog = () => page.getByRole('dialog', { name: MESSAGES.upload.pickerTitle });
  const card = (name: string) => page.getByRole('button', { name: MESSAGES.upload.choose(name) });

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
    await writeFile(fileAt('notes.txt'), 'plain text');
    session = await openBrowser(inject('chromiumPath'), inject('baseUrl'));
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
    await page.goto('/storage');
    await page.getByRole('heading', { name: MESSAGES.storage.title }).waitFor();
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
    await page.getByText(/ in 1 file$/).waitFor();
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

    await page.getByRole('combobox', { name: MESSAGES.storage.categoryFilter }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'brochures' }).first().click();
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
    await page.getByText(/ in 1 file$/).waitFor();
    expect(await toastsSeen(page)).toContain(MESSAGES.delete.success('file'));
    // Past the browser's own copy (the url is cacheable for an hour), the server no longer has it.
    const gone = await page.evaluate(async (url) => (await fetch(url ?? '', { cache: 'no-store' })).status, thumbnail);
    expect(gone).toBe(404);
  });
});
