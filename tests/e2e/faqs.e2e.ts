import { MESSAGES } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';
import { chooseOption } from './support/select.js';

// The FAQ screens on the web kit: a category and three questions added in the kit's drawer, then put in a new order
// by dragging with the mouse and with the keyboard (dnd-kit's keyboard sensor); the order is the server's after a
// reload, on the screen and through the API; axe on the Order tab.

interface FaqRow {
  _id: string;
  question: string;
  order: number;
  category: { _id: string; name: string } | null;
}

describe('FAQs', () => {
  let session: BrowserSession;
  let page: Page;
  let api: <T>(path: string) => Promise<T>;
  const unique = String(Date.now()).slice(-6);
  const category = `Buying ${unique}`;
  const [first, second, third] = [`Can I buy off plan? ${unique}`, `Do I need a mortgage? ${unique}`, `What fees are due? ${unique}`];
  const mine = [first, second, third];

  /** The questions of this run as the server orders them. */
  const serverOrder = async () => {
    const list = await api<{ data: FaqRow[] }>(
      `faqs/questions?filter=${encodeURIComponent(
        JSON.stringify({ limit: 100, select: ['question', 'order', 'category'], populate: [{ path: 'category', select: ['name'] }] }),
      )}`,
    );
    return list.data.filter((faq) => mine.includes(faq.question));
  };
  /** The questions of this run as the Order tab shows them. */
  const screenOrder = async () =>
    (await page.getByTestId('faq-order-row').locator('.crm-faq-order-question').allTextContents()).filter((q) => mine.includes(q));
  const handle = (question: string) => page.getByRole('button', { name: MESSAGES.faq.dragHandle(question) });

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'admin@example.com');
    api = async <T>(apiPath: string) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return (await res.json()) as T;
    };
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'admin@example.com');
  });
  afterAll(async () => session?.close());

  it('adds a category in the drawer, after its required message', async () => {
    await page.goto('/faqs/categories?refresh=1');
    await page.getByRole('heading', { name: 'FAQ Categories' }).waitFor();
    await page.getByRole('button', { name: 'Add FAQ category' }).click();
    const form = page.getByRole('dialog', { name: 'Add New FAQ category' });
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Name is required.').waitFor();
    await form.getByLabel('Name').fill(category);
    await recordToasts(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => toastsSeen(page)).toContain('FAQ category has been added successfully');
    await page.getByTestId('faqCategories-table').getByText(category, { exact: true }).waitFor();
  });

  it('adds three questions in that category, each after the last', async () => {
    await page.goto('/faqs/questions?refresh=1');
    await page.getByRole('heading', { name: 'FAQ Questions' }).waitFor();
    for (const question of mine) {
      await page.getByRole('button', { name: 'Add FAQ' }).click();
      const form = page.getByRole('dialog', { name: 'Add New FAQ' });
      await form.getByLabel('Question').fill(question);
      await form.getByLabel('Answer').fill(`The answer to: ${question}`);
      await chooseOption(page, form.locator('.ant-form-item').filter({ has: page.getByLabel('Category', { exact: true }) }), category, {
        exact: false,
      });
      await form.getByRole('button', { name: 'Save' }).click();
      await form.waitFor({ state: 'hidden' });
      await page.getByTestId('faqs-table').getByText(question, { exact: true }).waitFor();
    }
    const stored = await serverOrder();
    expect(stored.map((faq) => faq.question)).toEqual(mine);
    expect(stored.every((faq) => faq.category?.name === category)).toBe(true);
  });

  it('moves the last question to the top with the mouse, and the server keeps it', async () => {
    await page.getByRole('tab', { name: MESSAGES.faq.orderTab }).click();
    await page.waitForURL(/[?&]tab=order/);
    await expect.poll(screenOrder).toEqual(mine);
    await recordToasts(page);
    const from = await handle(third).boundingBox();
    const to = await handle(first).boundingBox();
    if (!from || !to) throw new Error('the handles are on screen');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    // Past the sensor's 4 px, then over the first question, in small steps as a hand would.
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 - 4, { steps: 12 });
    await page.mouse.up();
    await expect.poll(screenOrder).toEqual([third, first, second]);
    await expect.poll(() => toastsSeen(page)).toContain(MESSAGES.record.orderSaved);
    await expect.poll(async () => (await serverOrder()).map((faq) => faq.question)).toEqual([third, first, second]);
  });

  it('moves a question down with the keyboard: Space lifts it, the arrow moves it, Space drops it', async () => {
    await recordToasts(page);
    await handle(first).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowDown');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect.poll(screenOrder).toEqual([third, second, first]);
    await expect.poll(() => toastsSeen(page)).toContain(MESSAGES.record.orderSaved);
    await expect.poll(async () => (await serverOrder()).map((faq) => faq.question)).toEqual([third, second, first]);
    // The handle keeps the focus, so the keyboard can go on moving it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(MESSAGES.faq.dragHandle(first));
  });

  it('meets WCAG 2.2 AA on the Order tab (axe)', async () => {
    const findings = await seriousViolations(page, 'the FAQ Order tab');
    expect(findings, `axe (WCAG 2.2 AA) on the FAQ Order tab:\n${describeFindings(findings)}`).toEqual([]);
  });

  it('keeps the new order after a reload, on the screen and through the API', async () => {
    await page.reload();
    await page.getByTestId('faq-order-row').first().waitFor();
    await expect.poll(screenOrder).toEqual([third, second, first]);
    const stored = await serverOrder();
    expect(stored.map((faq) => faq.question)).toEqual([third, second, first]);
    const orders = stored.map((faq) => faq.order);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    // The list tab, sorted by order, agrees.
    await page.getByRole('tab', { name: MESSAGES.faq.listTab }).click();
    const rows = page.getByTestId('faqs-table').locator('tr.ant-table-row');
    await rows.first().waitFor();
    const listed = (await rows.allTextContents()).flatMap((text) => mine.filter((question) => text.includes(question)));
    expect(listed).toEqual([third, second, first]);
  });
});
