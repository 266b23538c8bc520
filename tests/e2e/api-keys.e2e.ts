import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { recordToasts, toastsSeen } from './support/toasts.js';
import { login } from './support/staff.js';

// The Integrations screen as the seeded admin uses it (docs/api.md 'API keys'): a key created with its secret
// shown once, used by a server, then revoked and refused.

describe('API keys', () => {
  let session: BrowserSession;
  let page: Page;
  let secret = '';
  const name = `Portal ${String(Date.now()).slice(-6)}`;
  const count = (key: string) =>
    fetch(`${e2eServer().baseUrl}/api/customers/count`, { headers: { 'x-api-key': key } }).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { message?: string },
    }));

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('creates a key and shows its secret once', async () => {
    await page.goto('/integrations?tab=api-keys');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByLabel('Name').fill(name);
    // Typed and picked with the keyboard, as a keyboard user would.
    await dialog.getByLabel('Permissions').fill('CUSTOMERS_VIEW');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    const shown = page.getByLabel(`API key ${name}`);
    await shown.waitFor();
    secret = ((await shown.textContent()) ?? '').trim();
    expect(secret).toMatch(/^crm_/);
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await page.getByRole('cell', { name, exact: true }).waitFor();
    // Gone once the dialog is closed: the list never shows it.
    await page.getByText(secret).waitFor({ state: 'detached' });
  });

  it('lets a server call with the key until it is revoked', async () => {
    expect((await count(secret)).status).toBe(200);
    await recordToasts(page);
    await page.getByRole('button', { name: `Revoke ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    // Recorded as it comes: a loaded run can show and close the toast between two looks.
    await expect.poll(() => toastsSeen(page), { timeout: 30_000 }).toContain('API key has been revoked');
    await page.getByRole('button', { name: `Revoke ${name}` }).waitFor({ state: 'detached' });
    const refused = await count(secret);
    expect(refused).toEqual({ status: 401, body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'API key revoked' } });
  });
});
