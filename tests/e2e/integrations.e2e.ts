import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROPERTY_FINDER_FAKE_CREDENTIALS, PROPERTY_FINDER_FAKE_CREDENTIALS_2 } from '../../apps/server/test/fakes/propertyfinder.fake.js';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { chooseOption } from './support/select.js';
import { e2eServer } from './support/server.js';
import { removePropertyFinder } from './support/integrations.js';
import { login } from './support/staff.js';

// The Integrations screen as the seeded admin uses it (docs/api.md 'Integrations'): a Property Finder account set up
// with a bad config, then refused credentials, then good ones, tested against the fake Property Finder the suite's
// server points at (support/global-setup.ts) and switched on; a second account added and removed; what Property
// Finder syncs and when saved and run from the keyboard, the run in the sync history; a partner set up, its webhook
// and feed URLs copied, and the feed pulled as the partner would (ETag, then 304).

describe('Integrations', () => {
  let session: BrowserSession;
  let page: Page;
  const drawer = () => page.getByRole('dialog', { name: 'Property Finder integration' });
  const card = () => page.getByTestId('integration-propertyfinder');
  const accountCard = (label: string) =>
    drawer()
      .locator('.ant-card', { has: page.getByText(label, { exact: true }) })
      .first();

  beforeAll(async () => {
    await removePropertyFinder(e2eServer().baseUrl);
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eServer().baseUrl });
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  // Property Finder left on changes what the later files' screens do (a member's save, listing pushes): off again.
  afterAll(async () => {
    await session?.close();
    await removePropertyFinder(e2eServer().baseUrl);
  });

  it('shows every provider as a card grouped by kind, with its status', async () => {
    await page.goto('/integrations');
    await page.getByRole('heading', { level: 2, name: 'Property portals' }).waitFor();
    await card().getByText('Not configured', { exact: true }).waitFor();
    for (const label of ['Salesforce', 'SendGrid', 'WhatsApp', 'Park Lane']) {
      await page.getByRole('button', { name: `Configure ${label}` }).waitFor();
    }
  });

  it('refuses a bad account with the field message, then saves, tests and switches Property Finder on', async () => {
    await page.getByRole('button', { name: 'Configure Property Finder' }).click();
    const form = drawer();
    await form.getByText('No Property Finder account yet: add one').waitFor();
    await form.getByLabel('API key', { exact: true }).fill('wrong-key-000000');
    await form.getByLabel('API secret', { exact: true }).fill('wrong-secret-0000');
    await form.getByRole('button', { name: 'Save account' }).click();
    await form.getByText('Account name is required.').waitFor();

    await form.getByLabel('Account name').fill('Marina account');
    await form.getByRole('button', { name: 'Save account' }).click();
    await accountCard('Marina account').getByText('Not tested', { exact: true }).waitFor();
    await card().getByText('Not tested', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Test Marina account' }).click();
    await form.getByText('Property Finder refused the credentials (HTTP 401).').first().waitFor();
    await card().getByText('Error', { exact: true }).waitFor();

    await form.getByRole('button', { name: 'Edit Marina account' }).click();
    expect(await form.getByLabel('API key', { exact: true }).getAttribute('placeholder')).toBe('Set (••••0000): leave empty to keep');
    await form.getByLabel('API key', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS.apiKey);
    await form.getByLabel('API secret', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS.apiSecret);
    await form.getByLabel('Webhook secret', { exact: true }).fill('pf-e2e-screen-webhook-secret');
    await form.getByRole('button', { name: 'Save account' }).click();
    await form.getByRole('button', { name: 'Save account' }).waitFor({ state: 'detached' });
    await form.getByRole('switch', { name: 'Enabled' }).click();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await card().getByText('On', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText(/^Connected in \d+ ms$/).waitFor();
    await form.getByText('Property Finder accepted the credentials.').first().waitFor();
    await card().getByText('Connected', { exact: true }).waitFor();
    // Switched on: the account's webhooks are subscribed at Property Finder by a job, and the card says so.
    await accountCard('Marina account')
      .getByText(/^Webhooks subscribed: lead\.created/)
      .waitFor({ timeout: 20_000 });
    const findings = await seriousViolations(page, 'Property Finder settings drawer');
    expect(findings, describeFindings(findings)).toEqual([]);
    // The secrets are never shown again, only their last characters.
    expect(await page.content()).not.toContain(PROPERTY_FINDER_FAKE_CREDENTIALS.apiSecret);
    expect(await page.content()).not.toContain('pf-e2e-screen-webhook-secret');
  });

  it('adds a second account with its own webhook URL, and removes it', async () => {
    const form = drawer();
    await form.getByRole('button', { name: 'Add account' }).click();
    await form.getByLabel('Account name').fill('Downtown account');
    await form.getByLabel('API key', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS_2.apiKey);
    await form.getByLabel('API secret', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS_2.apiSecret);
    await form.getByLabel('Webhook secret', { exact: true }).fill('pf-e2e-second-webhook-secret');
    await form.getByRole('button', { name: 'Save account' }).click();
    const downtown = accountCard('Downtown account');
    await downtown.getByText('Not tested', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Copy webhook URL of Downtown account' }).click();
    await page.getByText('Webhook URL copied').first().waitFor();
    const second = await page.evaluate(() => navigator.clipboard.readText());
    await form.getByRole('button', { name: 'Copy webhook URL of Marina account' }).click();
    const first = await page.evaluate(() => navigator.clipboard.readText());
    const address = new RegExp(`^${e2eServer().baseUrl}/api/integrations/propertyfinder/webhook/[0-9a-f-]{36}$`);
    expect(second).toMatch(address);
    expect(first).toMatch(address);
    expect(second).not.toBe(first);

    // Removed from the keyboard: the button opens the confirmation, whose Remove takes it away.
    await form.getByRole('button', { name: 'Remove Downtown account' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.ant-popconfirm').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Downtown account has been removed').waitFor();
    await downtown.waitFor({ state: 'detached' });
    await accountCard('Marina account').waitFor();
  });

  it('saves what Property Finder syncs and when from the keyboard, runs it, and shows the run in the history', async () => {
    const form = drawer();
    const schedule = form.getByRole('form', { name: 'Property Finder synchronisation' });
    await schedule.getByRole('checkbox', { name: 'Leads' }).focus();
    await page.keyboard.press('Space');
    await schedule.getByRole('switch', { name: 'Run on a schedule' }).focus();
    await page.keyboard.press('Space');
    await schedule.getByLabel('Every (minutes)').fill('2');
    await schedule.getByRole('button', { name: 'Save schedule' }).focus();
    await page.keyboard.press('Enter');
    await schedule.getByText('Interval must be a whole number of minutes from 5 to 1440.').waitFor();
    await schedule.getByLabel('Every (minutes)').fill('30');
    await schedule.getByRole('button', { name: 'Save schedule' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Schedule saved').waitFor();

    await schedule.getByRole('button', { name: 'Run now' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Run started: its progress shows in the sync history').waitFor();
    const history = form.getByTestId('integration-sync-history');
    const run = history.locator('.ant-table-row', { hasText: 'Leads' }).first();
    await run.getByText('Completed').waitFor({ timeout: 20_000 });
    await run.getByText('1 of 1').waitFor();
    // The account's setup (webhooks, members) is in the history too.
    await history.locator('.ant-table-row', { hasText: 'Webhooks, Team members' }).first().waitFor();
    const findings = await seriousViolations(page, 'Property Finder sync schedule and history');
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });

  it("sets up a partner, copies its lead webhook's and its feed's URLs, and the partner pulls the feed", async () => {
    await page.getByRole('button', { name: 'Configure Astra' }).click();
    const form = page.getByRole('dialog', { name: 'Astra integration' });
    await form.getByLabel('Partner name').waitFor();
    // No address before the partner is saved: there is nothing to post to yet.
    expect(await form.getByRole('button', { name: 'Copy webhook URL' }).count()).toBe(0);
    await form.getByLabel('Partner name').fill('Astra Realty');
    await chooseOption(page, form.locator('.ant-form-item').filter({ has: page.getByLabel('Feed format') }), 'json');
    await form.getByLabel('Shared secret').fill('astra-shared-secret-0001');
    // Switched on as it is saved: the feed is served only while the partner is on.
    await form.getByRole('switch', { name: 'Enabled' }).click();
    await expect.poll(() => form.getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('true');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    // The save and the list's reload take longer on a loaded machine.
    await page.getByTestId('integration-astra').getByText('On', { exact: true }).waitFor({ timeout: 20_000 });
    await form.getByRole('button', { name: 'Copy webhook URL' }).click();
    await page.getByText('Webhook URL copied').first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`^${e2eServer().baseUrl}/api/integrations/astra/webhook/[0-9a-f-]{36}$`));
    expect(await form.getByLabel('Webhook URL').inputValue()).toBe(copied);

    await form.getByRole('button', { name: 'Copy feed URL' }).click();
    await page.getByText('Feed URL copied').waitFor();
    const feedUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(feedUrl).toMatch(new RegExp(`^${e2eServer().baseUrl}/api/feeds/astra/[0-9a-f-]{36}\\.[A-Za-z0-9_-]{43}\\.json$`));
    const pulled = await fetch(feedUrl, { headers: { 'accept-encoding': 'gzip' } });
    expect(pulled.status).toBe(200);
    expect(pulled.headers.get('content-encoding')).toBe('gzip');
    expect(Array.isArray(await pulled.json())).toBe(true);
    const etag = pulled.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    expect((await fetch(feedUrl, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const findings = await seriousViolations(page, 'partner settings drawer with its feed URL');
    expect(findings, describeFindings(findings)).toEqual([]);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });
});
