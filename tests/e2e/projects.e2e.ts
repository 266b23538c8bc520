import { PROJECT_TRANSLATION_TEXT } from '@crm/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './support/axe.js';
import { type BrowserSession, openBrowser } from './support/browser.js';
import { e2eServer } from './support/server.js';
import { apiToken, login } from './support/staff.js';
import { recordToasts, toastsSeen } from './support/toasts.js';
import { chooseOption } from './support/select.js';

// New Projects on the web kit: a project created with its own fields (its country from the countries lookup), its
// Arabic and French texts, a payment plan and an FAQ question added in the editor's tabs (each saved by its own
// call), all seen on its page with its history, then duplicated into a disabled copy that carries them.

interface ProjectRecord {
  _id: string;
  name: string;
  slug: string;
  enabled: boolean;
  country: string | null;
  descriptionAr: string | null;
  translations: Record<string, Record<string, string>> | null;
  paymentPlans: { name: string; milestones: { percentage: number; dueAt: string }[] }[] | null;
  faqs: { _id: string; question: string; answer: string; order: number }[] | null;
}

/** The antd form item whose label reads `label`. */
function formItem(page: Page, label: string) {
  return page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[title="${label}"]`) })
    .last();
}

describe('projects', () => {
  let session: BrowserSession;
  let page: Page;
  let api: <T>(path: string) => Promise<T>;
  const unique = String(Date.now()).slice(-6);
  const name = `Harbour Lights ${unique}`;
  const slug = `harbour-lights-${unique}`;
  let createdId = '';

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

  const bySlug = (projectSlug: string) =>
    api<{ data: ProjectRecord[] }>(`properties/projects?filter=${encodeURIComponent(JSON.stringify({ query: { slug: projectSlug } }))}`);

  it("lists the asset's projects with their developer, status, city and completion filters", async () => {
    await page.goto('/properties/projects?refresh=1');
    await page.getByRole('heading', { name: 'New Projects' }).waitFor();
    const table = page.getByTestId('projects-table');
    await table.locator('.ant-table-row').first().waitFor();
    const headers = (await table.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim());
    for (const title of ['Name', 'Developer', 'Status', 'City', 'Completion Date']) expect(headers).toContain(title);
    for (const filter of ['Developer', 'Status', 'City']) await page.getByRole('combobox', { name: filter }).first().waitFor();
  });

  it('creates a project and opens it in the editor', async () => {
    await page.getByRole('link', { name: 'Add Project' }).click();
    await page.waitForURL(/\/properties\/projects\/create/);
    await page.getByRole('heading', { name: 'Add New Project' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await formItem(page, 'Name').getByText('Name is required.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('City').fill('Dubai');
    await page.getByLabel('Community').fill('Dubai Creek Harbour');
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/properties\/projects\/[0-9a-f-]{36}\/update/, { timeout: 20_000 });
    await expect.poll(() => toastsSeen(page)).toContain('Project has been added successfully');
    createdId = /\/properties\/projects\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    const [created] = (await bySlug(slug)).data;
    expect(created).toMatchObject({ _id: createdId, country: 'United Arab Emirates' });
  });

  it('translates it on the Translations tab: Arabic right to left, and a language added from the list', async () => {
    await page.getByRole('tab', { name: PROJECT_TRANSLATION_TEXT.tab }).click();
    const arabic = page.getByTestId('translation-ar');
    await arabic.getByRole('heading', { name: 'Arabic', level: 3 }).waitFor();
    const arabicName = page.getByLabel(PROJECT_TRANSLATION_TEXT.fieldLabel('Name', 'Arabic'), { exact: true });
    await arabicName.fill('أضواء المرفأ');
    expect(await arabicName.getAttribute('dir')).toBe('rtl');
    await page.getByLabel(PROJECT_TRANSLATION_TEXT.fieldLabel('Description', 'Arabic'), { exact: true }).fill('مشروع على الخور');
    await chooseOption(
      page,
      page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: PROJECT_TRANSLATION_TEXT.addLanguageLabel }) }),
      'French',
      { search: 'French' },
    );
    await page.getByRole('button', { name: PROJECT_TRANSLATION_TEXT.addLanguage }).click();
    await page.getByLabel(PROJECT_TRANSLATION_TEXT.fieldLabel('Name', 'French'), { exact: true }).fill('Lumières du port');
    await recordToasts(page);
    await page.getByRole('button', { name: 'Save translations' }).click();
    await expect.poll(() => toastsSeen(page)).toContain('Translations saved');
    await expect
      .poll(async () => {
        const [project] = (await bySlug(slug)).data;
        return { translations: project?.translations, descriptionAr: project?.descriptionAr };
      })
      .toEqual({
        translations: { ar: { name: 'أضواء المرفأ', description: 'مشروع على الخور' }, fr: { name: 'Lumières du port' } },
        descriptionAr: 'مشروع على الخور',
      });
  });

  it('adds a payment plan whose milestones must add up to 100%', async () => {
    await page.getByRole('tab', { name: 'Payment Plans' }).click();
    await page.getByRole('button', { name: 'Add payment plan' }).click();
    await page.getByLabel('Plan name').fill('40/60');
    await page.getByLabel('Milestone 1 percentage').fill('40');
    await page.getByLabel('Milestone 1 due').fill('On booking');
    await page.getByRole('button', { name: 'Save payment plans' }).click();
    await page.getByText('The milestones of 40/60 must add up to 100%.').waitFor();
    await page.getByRole('button', { name: 'Add milestone to plan 1' }).click();
    await page.getByLabel('Milestone 2 percentage').fill('60');
    await page.getByLabel('Milestone 2 due').fill('On handover');
    await page.getByRole('button', { name: 'Save payment plans' }).click();
    await expect.poll(() => toastsSeen(page)).toContain('Payment plans saved');
    const [project] = (await bySlug(slug)).data;
    expect(project?.paymentPlans).toEqual([
      {
        name: '40/60',
        milestones: [
          { percentage: 40, dueAt: 'On booking' },
          { percentage: 60, dueAt: 'On handover' },
        ],
      },
    ]);
  });

  it('adds FAQ questions and reorders them with the keyboard', async () => {
    await page.getByRole('tab', { name: 'FAQ' }).click();
    const questions: readonly (readonly [string, string])[] = [
      ['When is handover?', 'Q4 2028.'],
      ['Is there a payment plan?', 'Yes, 40/60.'],
    ];
    for (const [question, answer] of questions) {
      await page.getByLabel('Question', { exact: true }).fill(question);
      await page.getByLabel('Answer', { exact: true }).fill(answer);
      await page.getByRole('button', { name: 'Save question' }).click();
      await page.getByTestId('project-faq-row').filter({ hasText: question }).waitFor();
    }
    // Space lifts, the arrow moves, Space drops: the second question becomes the first.
    await page.getByRole('button', { name: 'Move Is there a payment plan?', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(200);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    await expect
      .poll(async () => ((await bySlug(slug)).data[0]?.faqs ?? []).sort((a, b) => a.order - b.order).map((f) => f.question), {
        timeout: 10_000,
      })
      .toEqual(['Is there a payment plan?', 'When is handover?']);
  });

  it("shows the plan and the questions on the project's page, then duplicates it", async () => {
    await page.goto(`/properties/projects/${createdId}`);
    await page.getByRole('heading', { name }).waitFor();
    await page.getByTestId('payment-plan-milestones').getByText('60% On handover').waitFor();
    await page.getByTestId('project-faq-detail').filter({ hasText: 'When is handover?' }).waitFor();
    await page.getByTestId('project-translations').getByText('Lumières du port').waitFor();
    // Its history: the create, then each tab's save.
    const history = page.getByTestId('record-history');
    await history.locator('tr.ant-table-row').filter({ hasText: 'Created' }).first().waitFor();
    await history.locator('tr.ant-table-row').filter({ hasText: 'Updated' }).first().waitFor();
    await recordToasts(page);
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.waitForURL((url) => /\/properties\/projects\/[0-9a-f-]{36}\/update/.test(url.pathname) && !url.pathname.includes(createdId));
    await expect.poll(() => toastsSeen(page)).toContain('The project has been duplicated');
    const [copy] = (await bySlug(`${slug}-copy`)).data;
    expect(copy).toMatchObject({ name: `${name} (copy)`, enabled: false });
    expect(copy?.paymentPlans?.[0]?.name).toBe('40/60');
    expect(copy?.faqs?.map((f) => f.question).sort()).toEqual(['Is there a payment plan?', 'When is handover?']);
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(`${name} (copy)`);
  });

  it('meets WCAG 2.2 AA on every tab of the editor, with rows in each list (axe)', async () => {
    await page.goto(`/properties/projects/${createdId}/update`);
    await page.getByRole('tab', { name: 'Details' }).waitFor();
    const findings = [];
    for (const tab of [
      'Details',
      PROJECT_TRANSLATION_TEXT.tab,
      'Unit Types',
      'Payment Plans',
      'Gallery',
      'Amenities',
      'Agents',
      'DLD',
      'Key Points',
      'FAQ',
    ]) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      const panel = page.getByRole('tabpanel', { name: tab, exact: true });
      await panel.waitFor();
      const add = { 'Unit Types': 'Add unit type', Gallery: 'Add image', 'Key Points': 'Add key point' }[tab];
      if (add) await panel.getByRole('button', { name: add }).click();
      // The pointer away, so no control is read in its hover colours.
      await page.mouse.move(0, 0);
      findings.push(...(await seriousViolations(page, `editor tab ${tab}`)));
    }
    expect(findings, describeFindings(findings)).toEqual([]);
  });
});
