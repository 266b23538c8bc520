import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROPERTY_FINDER_FAKE_CREDENTIALS } from '../../apps/server/test/fakes/propertyfinder.fake.js';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { removePropertyFinder } from './support/integrations.js';
import { login } from './support/staff.js';

// The Integrations screen as the seeded admin uses it (docs/api.md 'Integrations'): Property Finder set up with a
// bad config, then refused credentials, then good ones, its connection tested against the fake Property Finder the
// suite's server points at (support/global-setup.ts) and switched on; a partner set up and its webhook URL copied.

describe('Integrations', () => {
  let session: BrowserSession;
  let page: Page;
  const drawer = () => page.getByRole('dialog', { name: 'Property Finder integration' });
  const card = () => page.getByTestId('integration-propertyfinder');

  beforeAll(async () => {
    await removePropertyFinder(inject('baseUrl'));
    session = await openBrowser(inject('chromiumPath'), inject('baseUrl'));
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: inject('baseUrl') });
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('shows every provider as a card grouped by kind, with its status', async () => {
    await page.goto('/integrations');
    await page.getByRole('heading', { level: 2, name: 'Property portals' }).waitFor();
    await card().getByText('Not configured').waitFor();
    for (const label of ['Salesforce', 'SendGrid', 'WhatsApp', 'Park Lane']) {
      await page.getByRole('button', { name: `Configure ${label}` }).waitFor();
    }
  });

  it('refuses a bad config with the field message, then saves and tests the credentials', async () => {
    await page.getByRole('button', { name: 'Configure Property Finder' }).click();
    const form = drawer();
    await form.getByLabel('API key', { exact: true }).fill('wrong-key-000000');
    await form.getByLabel('API secret', { exact: true }).fill('wrong-secret-0000');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Account name is required.').waitFor();

    await form.getByLabel('Account name').fill('Marina account');
    await form.getByRole('button', { name: 'Save' }).click();
    await card().getByText('Not tested').waitFor();
    expect(await form.getByLabel('API key', { exact: true }).getAttribute('placeholder')).toBe('Set (••••0000): leave empty to keep');
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Property Finder refused the credentials (HTTP 401).').first().waitFor();
    await card().getByText('Error').waitFor();

    await form.getByLabel('API key', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS.apiKey);
    await form.getByLabel('API secret', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS.apiSecret);
    await form.getByRole('switch', { name: 'Enabled' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await card().getByText('On').waitFor();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText(/^Connected in \d+ ms$/).waitFor();
    await form.getByText('Property Finder accepted the credentials.').waitFor();
    await card().getByText('Connected').waitFor();
    const findings = await seriousViolations(page, 'Property Finder settings drawer');
    expect(findings, describeFindings(findings)).toEqual([]);
    // The secrets are never shown again, only their last characters.
    expect(await form.getByLabel('API key', { exact: true }).inputValue()).toBe('');
    expect(await page.content()).not.toContain(PROPERTY_FINDER_FAKE_CREDENTIALS.apiSecret);
  });

  it("sets up a partner and copies its lead webhook's URL", async () => {
    await page.keyboard.press('Escape');
    await drawer().waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Configure Astra' }).click();
    const form = page.getByRole('dialog', { name: 'Astra integration' });
    // No address before the partner is saved: there is nothing to post to yet.
    expect(await form.getByRole('button', { name: 'Copy webhook URL' }).count()).toBe(0);
    await form.getByLabel('Partner name').fill('Astra Realty');
    await form.getByLabel('Feed format').click();
    await page.getByTitle('json', { exact: true }).click();
    await form.getByLabel('Shared secret').fill('astra-shared-secret-0001');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('integration-astra').getByText('Not tested').waitFor();
    await form.getByRole('button', { name: 'Copy webhook URL' }).click();
    await page.getByText('Webhook URL copied').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${inject('baseUrl')}/api/integrations/astra/webhook/[0-9a-f-]{36}$`));
    expect(await form.getByLabel('Webhook URL').inputValue()).toBe(copied);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });
});
