import { checkRouteAccess, ROUTES } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { permissionSubject } from './support/screens.js';
import { apiToken, login } from './support/staff.js';

// Every parent path of the route table (/teams, /admin, /reports...) opens the first child the user may see, or
// the dashboard when there is none, never the 404 page (docs/product.md 'Screens and routes'). The parents and the
// answer expected for each user come from the domain's table, so a new area's parent is checked as it is added.

const PARENTS = ROUTES.filter((route) => route.parentOf);

describe('parent paths', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
  });
  afterAll(async () => session?.close());

  it('has parents to check', () => {
    expect(PARENTS.map((route) => route.path)).toEqual(expect.arrayContaining(['/teams', '/admin', '/reports', '/settings', '/faqs']));
  });

  for (const email of ['admin@example.com', 'agent@example.com']) {
    it(`opens each parent's first visible child as ${email}`, async () => {
      const baseUrl = e2eServer().baseUrl;
      const subject = await permissionSubject(baseUrl, await apiToken(baseUrl, email));
      await page.goto('/auth');
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await login(page, email);
      const landed: string[] = [];
      for (const parent of PARENTS) {
        const expected = checkRouteAccess(parent, subject).redirectTo;
        await page.goto(parent.path);
        await page.waitForURL((url) => url.pathname !== parent.path);
        await page.locator('h1').first().waitFor();
        landed.push(`${parent.path} -> ${new URL(page.url()).pathname}`);
        expect(new URL(page.url()).pathname, parent.path).toBe(expected);
        expect(await page.locator('h1').first().textContent(), parent.path).not.toBe('404');
      }
      // Both users see at least one parent open a real child.
      expect(landed.some((line) => !line.endsWith('/dashboard'))).toBe(true);
    }, 180_000);
  }
});
