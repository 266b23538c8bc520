import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, type BrowserSession } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { DEMO_PASSWORD } from './support/staff.js';

// The Leads report without a mouse (docs/accessibility.md 'Keyboard'): sign in, open the report from the side
// menu, filter it, open a lead's quick view, close it with Escape, and find the focus back on the button that
// opened it. Every step is a key press; the page is only read.

interface Focused {
  tag: string;
  text: string;
  label: string | null;
  href: string | null;
  outline: string;
  inExcludeFilter: boolean;
  inDrawer: boolean;
}

const focused = (page: Page): Promise<Focused> =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const style = element ? getComputedStyle(element) : null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      text: element?.textContent?.trim() ?? '',
      label: element?.getAttribute('aria-label') ?? null,
      href: element?.getAttribute('href') ?? null,
      outline: style ? `${style.outlineStyle} ${style.outlineWidth}` : '',
      inExcludeFilter: element?.closest('[data-testid="filter-exclude-test-agents"]') !== null && element !== null,
      inDrawer: element?.closest('.ant-drawer') !== null && element !== null,
    };
  });

/** Presses Tab until the focused element passes `wanted` (at most `max` times); fails with what had the focus. */
async function tabTo(page: Page, wanted: (focus: Focused) => boolean, what: string, max = 120): Promise<Focused> {
  const seen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const focus = await focused(page);
    if (wanted(focus)) return focus;
    seen.push(focus.label ?? (focus.text.slice(0, 30) || focus.tag));
  }
  throw new Error(`Tab never reached ${what}; the focus went through: ${seen.join(' | ')}`);
}

describe('keyboard only', () => {
  let session: BrowserSession;
  let page: Page;
  const totalText = () => page.locator('.ant-pagination-total-text').textContent();

  beforeAll(async () => {
    session = await openBrowser(inject('chromiumPath'), e2eServer().baseUrl);
    page = await session.context.newPage();
  });
  afterAll(async () => session?.close());

  it('signs in with the keyboard', async () => {
    await page.goto('/auth');
    await page.getByLabel('Email').waitFor();
    // The email field has the focus on arrival.
    expect((await focused(page)).tag).toBe('input');
    await page.keyboard.type('admin@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  });

  it('skips to the page, and opens the Leads report from the side menu', async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const skip = await tabTo(page, (focus) => focus.text === 'Skip to main content', 'the skip link', 3);
    expect(skip.outline).toMatch(/^solid/);
    await tabTo(page, (focus) => focus.label === 'Search menu', 'the menu search', 5);
    await page.keyboard.type('Leads');
    const link = await tabTo(page, (focus) => focus.text === 'Leads', 'the Leads menu entry', 10);
    expect(link.outline).toMatch(/^solid/);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/reports\/leads$/);
    await page.locator('.ant-table-row').first().waitFor();
  });

  it('filters the report', async () => {
    const before = await totalText();
    await tabTo(page, (focus) => focus.inExcludeFilter, "the 'Exclude Test Agents' filter", 40);
    await page.keyboard.press('ArrowDown');
    await page.locator('.ant-select-dropdown:visible').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // Showing the test agents' leads too: more leads than before.
    await page.waitForFunction((text) => document.querySelector('.ant-pagination-total-text')?.textContent !== text, before);
    const count = (text: string | null) => Number(/of (\d+)/.exec(text ?? '')?.[1] ?? Number.NaN);
    expect(count(await totalText())).toBeGreaterThan(count(before));
  });

  it("opens a lead's quick view, closes it with Escape and finds the focus back on its button", async () => {
    const opener = await tabTo(page, (focus) => focus.label?.startsWith('Quick view of lead') === true, "a lead's quick view button", 200);
    expect(opener.outline).toMatch(/^solid/);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog');
    await drawer.waitFor();
    await drawer.getByText('Lead ID').first().waitFor();
    // The focus moved into the drawer; Tab keeps it there.
    expect((await focused(page)).inDrawer).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDrawer).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, opener.label);
    expect((await focused(page)).label).toBe(opener.label);
  });
});
