import { FEED_STATE_LABELS, LISTING_TEXT, PERMIT_STATUS_LABELS, SYNDICATION_TEXT } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// A listing's publishing as an agent sees it on its page: the Trakheesi permit not checked yet and Bayut holding it
// back, then the permit checked (Trakheesi in manual mode judges the typed expiry) and the listing, published to
// Bayut, in Bayut's feed; the page checked with axe (WCAG 2.2 AA).

describe('listing feeds and permits', () => {
  let session: BrowserSession;
  let page: Page;
  let api: (method: string, path: string, body?: object) => Promise<{ status: number; json: { data: { _id: string } } }>;
  let listingId = '';
  const reference = `E2E-FEED-${String(Date.now()).slice(-6)}`;

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async (method, path, body) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, json: (await res.json()) as { data: { _id: string } } };
    };
    const profile = (await api('GET', 'profile')).json as unknown as { data: { activeAsset: { _id: string } } };
    const trakheesi = await api('PATCH', `assets/${profile.data.activeAsset._id}/integrations/trakheesi`, {
      enabled: true,
      config: { orn: '12345', mode: 'manual' },
    });
    expect(trakheesi.status).toBe(200);
    const created = await api('POST', 'properties/listings', {
      reference,
      title: 'Two bedroom apartment, marina view',
      status: 'Draft',
      permitNumber: '7110001',
      permitExpiresAt: new Date(Date.now() + 120 * 24 * 60 * 60 * 1000).toISOString(),
    });
    expect(created.status).toBe(201);
    listingId = created.json.data._id;
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  /** The value beside a label, in the detail card or the publishing card. */
  const cellOf = (label: string) => page.locator(`xpath=//th[normalize-space(.)="${label}"]/following-sibling::td[1]`);
  const portalRow = cellOf;

  it('shows the permit status and each portal’s feed status, and the permit check updates them', async () => {
    await page.goto(`/properties/listings/${listingId}`);
    await page.getByRole('heading', { name: new RegExp(reference) }).waitFor();
    await cellOf('Permit Status').getByText(PERMIT_STATUS_LABELS.unchecked, { exact: true }).waitFor();
    await page.getByText(SYNDICATION_TEXT.publishing, { exact: true }).waitFor();
    await portalRow('Bayut').getByText(FEED_STATE_LABELS['not-published']).waitFor();

    // Publishing to Bayut before the check is refused by the server; after it, the feed carries the listing.
    expect((await api('PATCH', `properties/listings/${listingId}`, { status: 'Published', portals: ['Bayut'] })).status).toBe(400);
    await page.getByRole('button', { name: LISTING_TEXT.checkPermit }).click();
    await cellOf('Permit Status').getByText(PERMIT_STATUS_LABELS.valid, { exact: true }).waitFor();
    expect((await api('PATCH', `properties/listings/${listingId}`, { status: 'Published', portals: ['Bayut'] })).status).toBe(200);
    await page.reload();
    await portalRow('Bayut').getByText(FEED_STATE_LABELS['in-feed']).waitFor();
    await portalRow('Property Finder').getByText(FEED_STATE_LABELS['not-published']).waitFor();

    const findings = await seriousViolations(page, 'listing detail with its publishing');
    expect(findings, `axe (WCAG 2.2 AA) on the listing page:\n${describeFindings(findings)}`).toEqual([]);
  });
});
