import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { login } from './support/staff.js';

// The silent refresh of the web session (docs/api.md 'Refresh tokens'), in the browser: a laptop opened after the
// access token's hour is still signed in, because the refresh token buys the next session before any call goes out;
// a refresh token already spent ends the sign-in instead.

const SESSION_KEY = 'crm.session';

interface StoredSession {
  access_token: string;
  expires_at: string;
  refresh_token: string;
  refresh_expires_at: string;
}

const readSession = (page: Page): Promise<StoredSession | null> =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  }, SESSION_KEY);

/** Rewrites the stored session as it would be after the access token's hour: the token is dead, only the refresh token may save it. */
const expireAccess = (page: Page, refreshToken?: string) =>
  page.evaluate(
    ({ key, refreshToken }) => {
      const session = JSON.parse(localStorage.getItem(key) ?? '{}') as StoredSession;
      session.access_token = 'expired.access.token';
      session.expires_at = new Date(Date.now() - 60_000).toISOString();
      if (refreshToken) session.refresh_token = refreshToken;
      localStorage.setItem(key, JSON.stringify(session));
    },
    { key: SESSION_KEY, refreshToken },
  );

describe('session refresh in the browser', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('keeps the staff member signed in after the access token expired, with a new token and a rotated refresh token', async () => {
    const before = await readSession(page);
    expect(before?.refresh_token).toBeTruthy();
    await expireAccess(page);
    const failures: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 401) failures.push(res.url());
    });
    await page.goto('/reports/leads');
    // The page loads its data as the same person: no sign-in page, no 401 on the way.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(async () => (await readSession(page))?.access_token, { timeout: 15_000 }).not.toBe('expired.access.token');
    const after = await readSession(page);
    expect(Date.parse(after?.expires_at ?? '')).toBeGreaterThan(Date.now());
    expect(after?.refresh_token).not.toBe(before?.refresh_token);
    expect(new URL(page.url()).pathname).toBe('/reports/leads');
    await page.getByRole('table').first().waitFor();
    expect(failures).toEqual([]);

    // A refresh token that was spent already (the one before the rotation) ends the whole sign-in.
    await expireAccess(page, before?.refresh_token);
    await page.goto('/reports/leads');
    await page.waitForURL(/\/auth/, { timeout: 15_000 });
    expect(await readSession(page)).toBeNull();
  });
});
