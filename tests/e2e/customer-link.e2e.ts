import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';

// A customer's quick-login link (docs/api.md 'Other calls': POST/DELETE customers/login-url) opened in the browser:
// the page proves the link and names the customer; a revoked link reads as invalid, and a 401 there never signs
// out a staff member who opens it.

const INVALID = 'This login link is invalid or has expired.';

describe("a customer's quick-login link", () => {
  let session: BrowserSession;
  let page: Page;
  let api: (
    path: string,
    init?: { method?: string; body?: unknown },
  ) => Promise<{ status: number; body: { data: Record<string, unknown> } }>;
  let customer: { _id: string; fullName: string; customerID: string };
  let link: URL;

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'manager@example.com');
    api = async (path, init = {}) => {
      const res = await fetch(`${baseUrl}/api/${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
    };
    const list = await api(`customers?filter=${encodeURIComponent(JSON.stringify({ limit: 1, sort: { createdAt: 1 } }))}`);
    customer =
      (list.body.data as unknown as (typeof customer)[])[0] ??
      (() => {
        throw new Error('the demo data has customers');
      })();
    // The customer's own login on (credentials may exist from an earlier run).
    const credentials = await api(`customers/${customer._id}/add-credentials`, { method: 'PATCH', body: { password: 'Customer-pass1' } });
    expect([200, 409]).toContain(credentials.status);
    expect((await api(`customers/${customer._id}/change-status`, { method: 'PATCH', body: { enabled: true } })).status).toBe(200);
    const made = await api('customers/login-url', { method: 'POST', body: { customer: customer._id } });
    expect(made.status).toBe(200);
    link = new URL(String(made.body.data.url));

    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
  });
  afterAll(async () => session?.close());

  it('opens for anyone holding it and names the customer', async () => {
    expect(link.pathname).toBe('/customer/quick-login');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(`Welcome, ${customer.fullName}`).waitFor({ timeout: 15_000 });
    await expect(page.getByText(`Customer ID ${customer.customerID}.`).count()).resolves.toBe(1);
    // A customer's page stands alone: no staff menu.
    await expect(page.getByRole('menu').count()).resolves.toBe(0);
  });

  it('reads as invalid once revoked, and does not sign a staff member out', async () => {
    expect((await api(`customers/login-url?customer=${customer._id}`, { method: 'DELETE' })).status).toBe(200);
    await page.reload();
    await page.getByText(INVALID).waitFor({ timeout: 15_000 });

    await login(page, 'manager@example.com');
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByText(INVALID).waitFor({ timeout: 15_000 });
    await page.goto('/reports/leads');
    await page.getByRole('menu').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/reports/leads');
  });
});
