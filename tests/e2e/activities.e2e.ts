import { ACTIVITY_MESSAGES, type ActivityBuckets, formatInZone, MESSAGES } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { chooseFirstOption, typeDateTime } from './support/select.js';

// The Activities screen (/reports/activities, docs/product.md 'Activities') as the demo agent: two tasks of this run
// made through the API (one overdue, one due today) show in the bucket counts, the overdue one says 'Overdue' in
// text; marking it done moves the counts; the week view shows the other on its day; Home's 'due today' opens the list
// of exactly that bucket; 'New task' names what is missing, then adds one; axe finds nothing serious on the way.

const settled = async (page: Page) => {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 15_000 });
  await page.waitForTimeout(300);
};

async function expectNoFindings(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, describeFindings(findings)).toEqual([]);
}

describe('Activities', () => {
  let session: BrowserSession;
  let page: Page;
  let api: <T>(method: string, path: string, body?: object) => Promise<T>;
  let before: ActivityBuckets;
  const unique = String(Date.now()).slice(-6);
  const overdueTask = `Call back overdue ${unique}`;
  const todayTask = `Send the offer today ${unique}`;
  let todayDue = '';

  const chipCount = async (bucket: string) => Number(await page.getByTestId(`activity-bucket-${bucket}-count`).textContent());
  const row = (subject: string) => page.locator('.ant-table-row').filter({ hasText: subject });
  const buckets = () => api<{ data: ActivityBuckets }>('GET', 'activities/buckets?scope=mine').then((res) => res.data);

  beforeAll(async () => {
    const baseUrl = e2eServer().baseUrl;
    const token = await apiToken(baseUrl, 'agent@example.com');
    api = async <T>(method: string, apiPath: string, body?: object) => {
      const res = await fetch(`${baseUrl}/api/${apiPath}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      expect(res.status, `${method} ${apiPath}`).toBeLessThan(300);
      return (await res.json()) as T;
    };
    before = await buckets();
    const agent = before.member?._id;
    expect(agent).toBeTruthy();
    const first = encodeURIComponent(JSON.stringify({ limit: 1, select: ['fullName'] }));
    const [customer] = (await api<{ data: { _id: string }[] }>('GET', `customers?filter=${first}`)).data;
    const now = Date.parse(before.asOf);
    // Due later today in the asset's day (a few minutes on, never past the day's end).
    todayDue = new Date(Math.min(now + 30 * 60_000, Date.parse(before.today.to) - 60_000)).toISOString();
    for (const [subject, dueAt] of [
      [overdueTask, new Date(now - 60 * 60_000).toISOString()],
      [todayTask, todayDue],
    ] as const)
      await api('POST', 'activities', { type: 'task', subject, customer: customer?._id, agent, dueAt });
    session = await openBrowser(inject('chromiumPath'), baseUrl);
    page = await session.context.newPage();
    await login(page, 'agent@example.com');
  });
  afterAll(async () => session?.close());

  it("counts my tasks by bucket, tells an overdue one in text, and moves the counts when it's marked done", async () => {
    await page.goto('/reports/activities');
    await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor();
    await row(overdueTask).waitFor();
    await settled(page);
    await expect.poll(() => chipCount('overdue')).toBe(before.counts.overdue.count + 1);
    expect(await chipCount('dueToday')).toBe(before.counts.dueToday.count + 1);
    const done = await chipCount('done');
    // Overdue is said in words on its row, not by colour alone; the task due later today is not overdue.
    expect(await row(overdueTask).getByText('Overdue', { exact: true }).count()).toBe(1);
    expect(await row(todayTask).getByText('Overdue', { exact: true }).count()).toBe(0);
    await expectNoFindings(page, 'the Activities list');

    await row(overdueTask)
      .getByRole('button', { name: `Mark done: ${overdueTask}` })
      .click();
    await expect.poll(() => chipCount('overdue')).toBe(before.counts.overdue.count);
    expect(await chipCount('done')).toBe(done + 1);
    await expect.poll(() => row(overdueTask).getByText('Overdue', { exact: true }).count()).toBe(0);

    // A bucket chip narrows the list to exactly its tasks, and says so in the URL.
    await page.getByTestId('activity-bucket-dueToday').click();
    await page.waitForURL(/bucket=dueToday/);
    await row(todayTask).waitFor();
    await expect.poll(() => row(overdueTask).count()).toBe(0);
  });

  it('shows the task due today on its day of the week view, reachable by keyboard', async () => {
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.waitForURL(/view=week/);
    const day = page.getByTestId(`activities-day-${formatInZone(todayDue, 'YYYY-MM-DD', before.timezone)}`);
    const item = day.getByRole('link', { name: new RegExp(todayTask) });
    await item.waitFor();
    await item.focus();
    expect(await item.evaluate((node) => node === document.activeElement)).toBe(true);
    await settled(page);
    await expectNoFindings(page, 'the Activities week view');
    // The next week does not hold it; 'This week' brings it back.
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.waitForURL(/week=/);
    await expect.poll(() => page.getByRole('link', { name: new RegExp(todayTask) }).count()).toBe(0);
    await page.getByRole('button', { name: 'This week' }).click();
    await page.getByRole('link', { name: new RegExp(todayTask) }).waitFor();
  });

  it("opens the list of exactly the tasks due today from Home's figure", async () => {
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'My Tasks', level: 2 }).waitFor();
    const figure = page.getByTestId('home-tasks-due-today');
    const count = Number(await figure.textContent());
    expect(count).toBe((await buckets()).counts.dueToday.count);
    await figure.click();
    await page.waitForURL(/\/reports\/activities\?.*bucket=dueToday/);
    await row(todayTask).waitFor();
    await settled(page);
    expect(await page.getByTestId('activity-bucket-dueToday').getAttribute('aria-pressed')).toBe('true');
    expect(await chipCount('dueToday')).toBe(count);
    const total = (await page.locator('.ant-pagination-total-text').textContent()) ?? '';
    expect(Number(/of (\d+)/.exec(total)?.[1] ?? -1)).toBe(count);
  });

  it("adds a task with 'New task', first told what it is about is missing", async () => {
    const subject = `Visit the show flat ${unique}`;
    await page.goto('/reports/activities');
    await page.getByRole('button', { name: 'New task' }).click();
    const drawer = page.getByRole('dialog', { name: MESSAGES.record.addTitle('activity') });
    await drawer.waitFor();
    await drawer.getByLabel('Subject').fill(subject);
    await drawer.getByRole('button', { name: MESSAGES.record.save }).click();
    await drawer.getByText(ACTIVITY_MESSAGES.aboutRequired).waitFor();
    const findings = await seriousViolations(page, 'the new task drawer');
    expect(findings, describeFindings(findings)).toEqual([]);
    await typeDateTime(page, drawer.getByLabel('Due'), '2030-01-15 10:30');
    await chooseFirstOption(page, drawer.locator('.ant-form-item').filter({ has: page.getByLabel('Customer', { exact: true }) }));
    await drawer.getByRole('button', { name: MESSAGES.record.save }).click();
    await drawer.waitFor({ state: 'hidden' });
    await page.getByTestId('activity-bucket-upcoming').click();
    await row(subject).waitFor();
    expect(await row(subject).textContent()).toContain('2030');
  });
});
