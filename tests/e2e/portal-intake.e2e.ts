import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PROPERTY_FINDER_FAKE_CREDENTIALS } from '../../apps/server/test/fakes/propertyfinder.fake.js';
import { DEMO_LISTINGS } from '../../apps/server/src/modules/listings/listing.demo-data.js';
import { DEMO_TEAMS } from '../../apps/server/src/modules/members/member.demo-data.js';
import { DEMO_ASSETS } from '../../apps/server/src/seed/demo-fixtures.js';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { removePropertyFinder } from './support/integrations.js';
import { apiToken, login } from './support/staff.js';

// Portal lead intake as the seeded admin sets it up (docs/api.md 'Portal lead intake'): Property Finder saved with
// an account with a bad config, then refused credentials, then good ones and a webhook secret, tested against the
// suite's fake Property Finder; its webhook URL copied; a lead Property Finder signs and posts to that URL shows in
// the Leads report, given to the listing's agent; the call shows in the integrations' log tab.

const WEBHOOK_SECRET = 'pf-e2e-webhook-secret-0001';

/** The admin's active asset's first demo listing (as the seed numbers it) and its agent's name. */
async function firstListingOfActiveAsset(baseUrl: string) {
  const token = await apiToken(baseUrl, 'admin@example.com');
  const get = async (path: string) =>
    (await (await fetch(`${baseUrl}/api/${path}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: unknown };
  const profile = (await get('profile')).data as { activeAsset: { _id: string } };
  const assets = (await get('assets')).data as { _id: string; name: string }[];
  const name = assets.find((asset) => asset._id === profile.activeAsset._id)?.name;
  const key = DEMO_ASSETS.find((asset) => asset.name === name)?.key;
  const fixture = key ? DEMO_LISTINGS[key] : undefined;
  const listing = fixture?.listings[0];
  if (!key || !fixture || !listing) throw new Error(`no demo asset named ${name}`);
  return {
    reference: `${fixture.refPrefix}-${listing.leadType === 'Sale' ? 'S' : 'R'}-1001`,
    agent: DEMO_TEAMS[key].members.find((member) => member.slot === listing.agent)?.name ?? '',
  };
}

describe('Portal lead intake', () => {
  let session: BrowserSession;
  let page: Page;
  let webhookUrl = '';
  const drawer = () => page.getByRole('dialog', { name: 'Property Finder integration' });
  const card = () => page.getByTestId('integration-propertyfinder');

  beforeAll(async () => {
    await removePropertyFinder(e2eServer().baseUrl);
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eServer().baseUrl });
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('configures a Property Finder account with a bad then a good config, tests it and copies its webhook URL', async () => {
    await page.goto('/integrations');
    await page.getByRole('button', { name: 'Configure Property Finder' }).click();
    const form = drawer();
    await form.getByLabel('API key', { exact: true }).fill('wrong-key-000000');
    await form.getByLabel('API secret', { exact: true }).fill('wrong-secret-0000');
    await form.getByRole('button', { name: 'Save account' }).click();
    await form.getByText('Account name is required.').waitFor();

    await form.getByLabel('Account name').fill('Marina portal account');
    await form.getByRole('button', { name: 'Save account' }).click();
    await card().getByText('Not tested', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Test Marina portal account' }).click();
    await form.getByText('Property Finder refused the credentials (HTTP 401).').first().waitFor();

    await form.getByRole('button', { name: 'Edit Marina portal account' }).click();
    await form.getByLabel('API key', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS.apiKey);
    await form.getByLabel('API secret', { exact: true }).fill(PROPERTY_FINDER_FAKE_CREDENTIALS.apiSecret);
    await form.getByLabel('Webhook secret', { exact: true }).fill(WEBHOOK_SECRET);
    await form.getByRole('button', { name: 'Save account' }).click();
    await form.getByRole('button', { name: 'Save account' }).waitFor({ state: 'detached' });
    const enabled = form.getByRole('switch', { name: 'Enabled' });
    if ((await enabled.getAttribute('aria-checked')) !== 'true') await enabled.click();
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await card().getByText('On', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText('Property Finder accepted the credentials.').first().waitFor();
    await card().getByText('Connected', { exact: true }).waitFor();

    await form.getByRole('button', { name: 'Copy webhook URL of Marina portal account' }).click();
    await page.getByText('Webhook URL copied').first().waitFor();
    webhookUrl = await page.evaluate(() => navigator.clipboard.readText());
    expect(webhookUrl).toMatch(new RegExp(`^${e2eServer().baseUrl}/api/integrations/propertyfinder/webhook/[0-9a-f-]{36}$`));
    const findings = await seriousViolations(page, 'Property Finder settings drawer');
    expect(findings, describeFindings(findings)).toEqual([]);
    expect(await page.content()).not.toContain(WEBHOOK_SECRET);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
  });

  it('shows a lead Property Finder posts to that URL in the Leads report, with the listing agent', async () => {
    const { reference, agent } = await firstListingOfActiveAsset(e2eServer().baseUrl);
    const body = JSON.stringify({
      id: 'evt-e2e-1',
      type: 'lead.created',
      timestamp: new Date().toISOString(),
      payload: {
        id: 'PF-E2E-1',
        createdAt: new Date().toISOString(),
        channel: 'call',
        listing: { id: 'pf-1', reference },
        sender: {
          name: 'Portal Tester',
          contacts: [
            { type: 'phone', value: '+971 55 987 6543' },
            { type: 'email', value: 'portal.tester@example.com' },
          ],
        },
        message: 'Please call me back',
      },
    });
    const sign = (secret: string) => createHmac('sha256', secret).update(body).digest('hex');
    const post = (signature: string) =>
      fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'x-signature': signature }, body });
    expect((await post(sign('not-the-secret'))).status).toBe(401);
    const delivered = await post(sign(WEBHOOK_SECRET));
    expect(delivered.status, await delivered.clone().text()).toBe(200);
    expect(await delivered.json()).toEqual({ data: { received: true, duplicate: false } });

    await page.goto('/reports/leads?refresh=1');
    // The report shows the portal's lead id as the CRM ID.
    const row = page.locator('.ant-table-row', { hasText: 'PF-E2E-1' });
    await row
      .first()
      .waitFor({ timeout: 30_000 })
      .catch(async () => {
        // The lead is made by a job: read the list again once it has run.
        await page.goto('/reports/leads?refresh=1');
        await row.first().waitFor({ timeout: 30_000 });
      });
    expect(await row.count()).toBe(1);
    await row.getByText(agent).first().waitFor();
    await row.getByText('Property Finder').first().waitFor();
  });

  it('lists the calls in the integrations log tab', async () => {
    await page.goto('/integrations?tab=log');
    await page.getByRole('tab', { name: 'Log', selected: true }).waitFor();
    await page.locator('.ant-table-row', { hasText: 'POST webhook/propertyfinder' }).first().waitFor();
    await page.locator('.ant-table-row', { hasText: 'Rejected' }).first().waitFor();
    expect(await page.content()).not.toContain('portal.tester@example.com');
    const findings = await seriousViolations(page, 'integrations log tab');
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
