import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TINYURL_FAKE_TOKEN } from '../../apps/server/test/fakes/tinyurl.fake.js';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// A listing's short link (docs/product.md 'Listings'): with TinyURL set up (against the fake the suite's server points
// at, support/global-setup.ts), 'Make short link' on the listing's page makes one, shows it, and its copy button puts
// it on the clipboard.

describe("A listing's short link", () => {
  let session: BrowserSession;
  let page: Page;
  let listingId = '';

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await res.json()) as { data: never };
    };
    const profile = (await call('GET', 'profile')) as { data: { activeAsset: { _id: string } } };
    await call('PATCH', `assets/${profile.data.activeAsset._id}/integrations/tinyurl`, {
      enabled: true,
      config: {},
      secrets: { apiToken: TINYURL_FAKE_TOKEN },
    });
    const listings = (await call(
      'GET',
      `properties/listings?filter=${encodeURIComponent(JSON.stringify({ select: ['reference'], limit: 1 }))}`,
    )) as {
      data: { _id: string }[];
    };
    listingId = listings.data[0]?._id ?? '';
    if (!listingId) throw new Error('the demo data has listings');
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('makes the short link on the page and copies it', async () => {
    await page.goto(`/properties/listings/${listingId}`);
    await page.getByRole('button', { name: 'Make short link' }).click();
    await page.getByText('Short link created').waitFor();
    const link = page.getByRole('link', { name: /^https:\/\/tinyurl\.com\// });
    await link.waitFor();
    const shortUrl = (await link.textContent()) ?? '';
    await page.getByRole('button', { name: 'Copy short link' }).click();
    await page.getByText('Short link copied').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shortUrl);
    const findings = await seriousViolations(page, 'listing page with its short link');
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
