import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { IMPORT_MESSAGES, IMPORT_TEXT } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// Importing listings through the list screen's wizard: a small CSV uploaded, one column mapped by hand, the dry run's
// report naming the bad row, the run's progress, and the summary; the listings are then in the list. axe checks
// each step of the wizard.

async function expectAccessible(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, `axe (WCAG 2.2 AA) on ${where}:\n${describeFindings(findings)}`).toEqual([]);
}

describe('listing import', () => {
  let session: BrowserSession;
  let page: Page;
  let folder: string;
  let api: <T>(path: string) => Promise<T>;
  const unique = String(Date.now()).slice(-6);
  const file = 'listings-import.csv';

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async <T>(apiPath: string) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    folder = await mkdtemp(path.join(tmpdir(), 'crm-e2e-import-'));
    await writeFile(
      path.join(folder, file),
      [
        'Reference,Purpose,Asking price,City',
        `IMP-${unique}-1,Sale,1250000,Dubai`,
        `IMP-${unique}-2,Rent,95000,Dubai`,
        `IMP-${unique}-3,Sale,lots,Dubai`,
      ].join('\n'),
    );
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => {
    await session?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('uploads, maps, checks, runs with progress and shows the summary', async () => {
    await page.goto('/properties/listings?refresh=1');
    await page.getByRole('heading', { name: 'Listings' }).waitFor();
    await page.getByRole('button', { name: IMPORT_TEXT.button }).click();
    const wizard = page.getByRole('dialog', { name: IMPORT_TEXT.title('listings') });
    await wizard.waitFor();
    await expectAccessible(page, 'the import wizard: upload');

    await wizard.getByLabel(IMPORT_TEXT.fileLabel).setInputFiles(path.join(folder, file));
    await wizard.getByText(IMPORT_TEXT.fileSummary(3, file)).waitFor();
    // 'Asking price' matches no label: mapped by hand to Price.
    const priceSelect = wizard.getByRole('combobox', { name: IMPORT_TEXT.fieldFor('Asking price') });
    // Typed into the combobox itself and chosen with Enter (the only match), so a click landing while the dropdown
    // still opens on a loaded machine cannot lose the choice.
    await priceSelect.click();
    await priceSelect.fill('Price');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Price$/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await expectAccessible(page, 'the import wizard: mapping');

    await wizard.getByRole('button', { name: IMPORT_TEXT.check }).click();
    const report = wizard.getByTestId('import-report');
    await report.getByText(IMPORT_TEXT.checkSummary(3, 2, 2, 0)).waitFor();
    await report.getByRole('cell', { name: IMPORT_MESSAGES.notANumber('Price') }).waitFor();
    await expectAccessible(page, 'the import wizard: dry run report');

    await wizard.getByRole('button', { name: IMPORT_TEXT.run(2) }).click();
    // The progress bar shows until the first status answer (a second later).
    await wizard.getByRole('progressbar', { name: IMPORT_TEXT.progressLabel }).waitFor();
    const summary = wizard.getByTestId('import-summary');
    await summary.waitFor({ timeout: 30_000 });
    await summary.getByText(IMPORT_TEXT.counts(2, 0, 1)).waitFor();
    await expectAccessible(page, 'the import wizard: summary');
    await wizard.getByRole('button', { name: IMPORT_TEXT.close }).click();
    await wizard.waitFor({ state: 'hidden' });

    const stored = await api<{ data: { reference: string; price: number | null; leadType: string }[] }>(
      `properties/listings?filter=${encodeURIComponent(JSON.stringify({ query: { reference: { $in: [1, 2, 3].map((n) => `IMP-${unique}-${n}`) } }, sort: { reference: 1 } }))}`,
    );
    expect(stored.data.map((l) => [l.reference, l.leadType, l.price])).toEqual([
      [`IMP-${unique}-1`, 'Sale', 1_250_000],
      [`IMP-${unique}-2`, 'Rent', 95_000],
    ]);
    // The list shows them without a reload.
    await page
      .getByRole('link', { name: `IMP-${unique}-1` })
      .first()
      .waitFor();
  }, 180_000);
});
