import { CUSTOMER_QUICK_LOGIN, MESSAGES, type PermissionSubject } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { addressOf, firstIdReader, permissionSubject, STAFF_ROUTES } from './support/screens.js';
import { apiToken, login } from './support/staff.js';

// WCAG 2.2 AA on every screen (docs/accessibility.md): axe-core over every staff route of the domain's route
// table (placeholders included, a record's detail and edit pages with a real record), as the admin and as an
// agent, plus the login, 404 and customer pages, a drawer and a modal. Any serious or critical violation fails.

/** Waits until the page has settled: its h1 is shown, no spinner turns and antd's motion has finished. */
async function settled(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton-active'), undefined, { timeout: 15_000 });
  await page.waitForTimeout(300);
}

/**
 * Opens a screen inside the running app, as its links do (no reload: the suite visits about a hundred), and waits
 * for its h1: the old page's h1 is marked with its text first, so that it is not taken for the new page's. (Two
 * screens with the same title may share the h1 element: then the wait gives up after 3 s and the page is read.)
 */
async function open(page: Page, url: string) {
  await page.evaluate((to) => {
    for (const h1 of document.querySelectorAll('h1')) h1.setAttribute('data-old-title', h1.textContent ?? '');
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page
    .waitForFunction(
      () => {
        const h1 = document.querySelector('h1');
        return h1 !== null && h1.getAttribute('data-old-title') !== h1.textContent;
      },
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  await settled(page);
}

async function expectAccessible(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, `axe (WCAG 2.2 AA) on ${where}:\n${describeFindings(findings)}`).toEqual([]);
}

describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  let session: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
  });
  afterAll(async () => session?.close());

  it('the login page', async () => {
    await page.goto('/auth');
    await page.getByLabel('Email').waitFor();
    await expectAccessible(page, '/auth');
  });

  it("a customer's quick-login page with a link that does not work", async () => {
    await page.goto(`${CUSTOMER_QUICK_LOGIN.PATH}?token=not-a-token`);
    // A customer's page, outside the staff frame: it answers without a page title of the staff kind.
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 });
    await page.waitForTimeout(300);
    await expectAccessible(page, CUSTOMER_QUICK_LOGIN.PATH);
  });

  for (const email of ['admin@example.com', 'agent@example.com']) {
    describe(email, () => {
      let subject: PermissionSubject;
      let firstId: ReturnType<typeof firstIdReader>;

      beforeAll(async () => {
        const baseUrl = e2eServer().baseUrl;
        const token = await apiToken(baseUrl, email);
        subject = await permissionSubject(baseUrl, token);
        firstId = firstIdReader(baseUrl, token);
        await session.context.clearCookies();
        await page.goto('/auth');
        await page.evaluate(() => {
          localStorage.clear();
          sessionStorage.clear();
        });
        await login(page, email);
      });

      for (const route of STAFF_ROUTES) {
        it(route.path, async (context) => {
          const address = await addressOf(route, subject, firstId);
          if ('skip' in address) return context.skip(address.skip);
          await open(page, address.url);
          await expectAccessible(page, `${email} ${address.url}`);
        });
      }

      it('the 404 page', async () => {
        await page.goto('/no-such-page');
        await settled(page);
        await expectAccessible(page, `${email} 404`);
      });
    });
  }

  describe('a drawer and a modal (admin)', () => {
    beforeAll(async () => {
      await page.goto('/auth');
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await login(page, 'admin@example.com');
    });

    it("the lead form's Add New Customer drawer", async () => {
      await page.goto('/leads/create');
      await settled(page);
      await page.getByRole('button', { name: MESSAGES.customer.drawerTitle }).click();
      await page.locator('.ant-drawer-open').waitFor();
      await page.waitForTimeout(500);
      await expectAccessible(page, 'Add New Customer drawer');
      await page.keyboard.press('Escape');
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    });

    it("Storage's file picker modal", async () => {
      await page.goto('/storage');
      await settled(page);
      await page.getByRole('button', { name: MESSAGES.upload.selectFromStorage }).click();
      await page.getByRole('dialog').waitFor();
      await settled(page);
      await expectAccessible(page, 'file picker modal');
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    });
  });
});
